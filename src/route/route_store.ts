// SPEC §1/§3 Route: the origin and destination the user chose, and the route between them. The
// small public API other parts use (the long-press menu: "route from/to here"):
//   useRoute.getState().setOrigin([lon, lat], label?) / setDestination([lon, lat], label?)
// Setting an end opens the route panel; with both ends set, use_route_compute.ts computes the route.
import { create } from 'zustand';
import type { LonLat, Route } from '../model/index.ts';
import type { NoRouteReason } from '../../workers/data/protocol.ts';

export interface RouteEnd {
  at: LonLat;
  /** What the user picked (a feature's name, "My position"); coordinates when absent. */
  label?: string;
}

export type RouteFailure = { kind: 'noRoute'; reason: NoRouteReason } | { kind: 'service'; status: number };

export interface RouteState {
  open: boolean;
  origin?: RouteEnd;
  destination?: RouteEnd;
  status: 'idle' | 'loading' | 'done' | 'failed';
  route?: Route;
  failure?: RouteFailure;
  setOrigin: (at: LonLat, label?: string) => void;
  setDestination: (at: LonLat, label?: string) => void;
  swap: () => void;
  setOpen: (open: boolean) => void;
  /** Closes the panel and forgets both ends and the route (the line leaves the map). */
  clear: () => void;
  settle: (answer: { route: Route } | { failure: RouteFailure }) => void;
  start: () => void;
}

const unsettled = { status: 'idle' as const, route: undefined, failure: undefined };

export const useRoute = create<RouteState>((set) => ({
  open: false,
  status: 'idle',
  setOrigin: (at, label) => set({ origin: { at, label }, open: true, ...unsettled }),
  setDestination: (at, label) => set({ destination: { at, label }, open: true, ...unsettled }),
  swap: () => set((s) => ({ origin: s.destination, destination: s.origin, ...unsettled })),
  setOpen: (open) => set({ open }),
  clear: () => set({ open: false, origin: undefined, destination: undefined, ...unsettled }),
  start: () => set({ status: 'loading', route: undefined, failure: undefined }),
  settle: (answer) => set('route' in answer ? { status: 'done', route: answer.route } : { status: 'failed', failure: answer.failure }),
}));
