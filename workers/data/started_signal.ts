// The data worker's first module (imported first by data.worker.ts, so evaluated before the others):
// it tells the page that this thread runs. The page's entry waits for it before it loads the app's
// modules, whose evaluation would hold the main thread that a starting worker still needs
// (src/main.tsx, issue 17).
import { DATA_WORKER_STARTED } from './protocol.ts';

(self as unknown as { postMessage(message: unknown): void }).postMessage(DATA_WORKER_STARTED);
