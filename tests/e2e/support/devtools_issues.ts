// What DevTools' Issues panel would list for a page and the workers it starts (CDP `Audits`): each
// worker is held at its start until its issues are watched too (auto-attach, waiting for the
// debugger), so an issue raised by a worker's first line is not missed.
import type { BrowserContext, Page } from 'playwright-core';

export interface DevtoolsIssue {
  /** Where it was raised: 'page', or the worker's script file. */
  where: string;
  code: string;
  /** The issue's details, as CDP gives them (the violated directive, the violating node…). */
  details: unknown;
}

export interface IssueWatch {
  /** Fills as issues come. */
  issues: DevtoolsIssue[];
  /** The script files of the workers watched so far. */
  workers(): string[];
  /** Runs `expression` in the watched worker whose script file starts with `file` (a check of the watch itself). */
  evaluateInWorker(file: string, expression: string): Promise<void>;
}

/** Starts watching `page` (before its navigation). */
export async function watchDevtoolsIssues(context: BrowserContext, page: Page): Promise<IssueWatch> {
  const issues: DevtoolsIssue[] = [];
  const cdp = await context.newCDPSession(page);
  const workers = new Map<string, string>();
  let id = 0;
  const send = (sessionId: string, method: string, params?: object) =>
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
  type Issue = { code: string; details: unknown };
  cdp.on('Audits.issueAdded', ({ issue }: { issue: Issue }) => issues.push({ where: 'page', code: issue.code, details: issue.details }));
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }: { sessionId: string; targetInfo: { url: string } }) => {
    workers.set(sessionId, targetInfo.url.split('/').pop() ?? targetInfo.url);
    void send(sessionId, 'Audits.enable')
      .then(() => send(sessionId, 'Runtime.runIfWaitingForDebugger'))
      .catch(() => undefined); // a worker gone before it was watched
  });
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }: { sessionId: string; message: string }) => {
    const m = JSON.parse(message) as { method?: string; params?: { issue: Issue } };
    if (m.method === 'Audits.issueAdded' && m.params)
      issues.push({ where: workers.get(sessionId) ?? sessionId, code: m.params.issue.code, details: m.params.issue.details });
  });
  await cdp.send('Audits.enable');
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return {
    issues,
    workers: () => [...workers.values()],
    async evaluateInWorker(file, expression) {
      const session = [...workers].find(([, name]) => name.startsWith(file))?.[0];
      if (!session) throw new Error(`no watched worker runs ${file}*`);
      await send(session, 'Runtime.evaluate', { expression });
    },
  };
}
