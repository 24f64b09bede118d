// One event of a Chrome trace (Tracing's JSON "traceEvents"), as the measuring tools read them.
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: what the task cost, without the time the thread waited for the core. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}
