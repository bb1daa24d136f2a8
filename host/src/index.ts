// The async boundary Module Federation needs before any shared module is used
// (without it: RUNTIME-006 loadShareSync failed).
import('./bootstrap');
