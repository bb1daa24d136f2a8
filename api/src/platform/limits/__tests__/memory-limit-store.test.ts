import { MemoryLimitStore } from '../memory-limit-store';
import { describeLimitStoreContract } from './limit-store-contract';

/** The embedded deployment's store (one process) against the LimitStore suite. */
describeLimitStoreContract('memory', async () => ({ store: new MemoryLimitStore(), other: null, dispose: async () => undefined }));
