// The living style guide's entry (styleguide.html, a development page: see shared/README.md).
// The same async boundary as the host's entry: the shared singletons load before any use.
import('./bootstrap');
