// SPEC §4 track recording on the main thread: whether a track is recording, stopped and waiting to
// be kept, or absent, and its kept points. The points array only grows while recording (one push per
// kept position, never a copy), and `count` tells subscribers it grew.
import { create } from 'zustand';
import type { TrackPoint } from '../model/index.ts';

export type TrackStatus = 'idle' | 'recording' | 'stopped';

export interface TrackState {
  status: TrackStatus;
  points: TrackPoint[];
  count: number;
}

export const useTrack = create<TrackState>(() => ({ status: 'idle', points: [], count: 0 }));
