// The main map's interactions: OL's defaults, their drag pan replaced by one that pans from the press.
// OL's DragPan takes a drag's first move only as the point the next move pans from, so every drag
// lost its first move, and a page busy through a whole drag (a low-end phone still loading, issue 17),
// which the browser hands the drag's moves merged into one pointermove, did not move at all.
import DragPan from 'ol/interaction/DragPan.js';
import Kinetic from 'ol/Kinetic.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import type Collection from 'ol/Collection.js';
import type Interaction from 'ol/interaction/Interaction.js';
import { defaults as defaultInteractions } from 'ol/interaction/defaults.js';

/**
 * OL's default interactions (not `onFocusOnly`: the map's target has a tabindex for the keyboard, and
 * a finger's drag gives no focus), the drag pan in the same place: OL asks the last-added first and
 * the drag pan keeps the presses it takes from those below it, so above the pinches it would stop them.
 */
export function mapInteractions(): Collection<Interaction> {
  const interactions = defaultInteractions();
  const at = interactions.getArray().findIndex((interaction) => interaction instanceof DragPan);
  interactions.setAt(at, new DragPanFromPress());
  return interactions;
}

/** A drag pan from the press (or, after one of two fingers lifts, from where the other is). */
export class DragPanFromPress extends DragPan {
  /** The pointers as the drag starts from them, until its first move. */
  private startedAt: PointerEvent[] | null = null;

  constructor() {
    // OL's default interactions' glide after a quick drag (ol/interaction/defaults.js).
    super({ kinetic: new Kinetic(-0.005, 0.05, 100) });
  }

  override handleDownEvent(event: MapBrowserEvent): boolean {
    const taken = super.handleDownEvent(event);
    this.startedAt = taken ? [...this.targetPointers] : null;
    return taken;
  }

  override handleUpEvent(event: MapBrowserEvent): boolean {
    const stillDown = super.handleUpEvent(event);
    this.startedAt = stillDown ? [...this.targetPointers] : null;
    return stillDown;
  }

  override handleDragEvent(event: MapBrowserEvent): void {
    if (this.startedAt) {
      // OL's first drag event only records where the pointers are: let it record the start.
      const now = this.targetPointers;
      this.targetPointers = this.startedAt;
      this.startedAt = null;
      super.handleDragEvent(event);
      this.targetPointers = now;
    }
    super.handleDragEvent(event);
  }
}
