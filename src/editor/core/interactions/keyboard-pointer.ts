/**
 * The keyboard's pointer on the map (issue 33): while a drawing tool or a sign placement is active, a
 * crosshair stands on the map; the arrow keys move it in screen pixels (Shift for larger steps), the view
 * follows when it nears an edge, and Enter is a click where it stands. Escape is the editor's own key
 * (it cancels the drawing, then the tool: use-editor-keyboard).
 *
 * It drives whatever Draw interaction is active, of any kind, by handing the map the very pointer
 * events a mouse would make at the crosshair (through the map's viewport, as OpenLayers' own tests do):
 * a move so the sketch follows, a press and a release for a click. So snapping, a kind's maximum number
 * of points, the rubber band to the next point and "a click on the last point finishes" all work as they
 * do for the mouse, and no kind needs code of its own for the keyboard.
 *
 * With no tool active it leaves the keys alone: the arrows pan and + and − zoom (OpenLayers'
 * KeyboardPan and KeyboardZoom, listening on the map's focusable element).
 */
import type { Coordinate } from "ol/coordinate";
import type OlMap from "ol/Map";
import type MapBrowserEvent from "ol/MapBrowserEvent";
import Overlay from "ol/Overlay";
import type { EventsKey } from "ol/events";
import { unByKey } from "ol/Observable";
import Draw from "ol/interaction/Draw";
import Interaction from "ol/interaction/Interaction";
import type { Pixel } from "ol/pixel";

/** Pixels one arrow press moves the crosshair; with Shift held. */
export const STEP_PX = 10;
export const LARGE_STEP_PX = 80;
/** Nearer than this to the map's edge, the view moves instead of the crosshair. */
export const EDGE_MARGIN_PX = 40;
/** The keyboard pointer's id in the pointer events it makes (a mouse's is 1, a finger's larger). */
const POINTER_ID = 0x6b6579;

const ARROWS: Record<string, readonly [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Where a crosshair moved by `delta` pixels lands, and how far the view must move with it: by the part
 * of the step that takes it nearer than `margin` to the edge it moves towards (on a map too small for
 * two margins, past the middle), never more than the step. Pure, so the edge rule is unit-tested.
 */
export function stepCrosshair(
  pixel: Pixel,
  delta: readonly [number, number],
  size: readonly [number, number],
  margin = EDGE_MARGIN_PX,
): { pixel: Pixel; pan: Pixel } {
  const moved: Pixel = [pixel[0]! + delta[0], pixel[1]! + delta[1]];
  const pan = moved.map((value, axis) => {
    const step = delta[axis]!;
    const low = Math.min(margin, size[axis]! / 2);
    const high = Math.max(size[axis]! - margin, size[axis]! / 2);
    if (step > 0) return Math.min(Math.max(value - high, 0), step);
    if (step < 0) return Math.max(Math.min(value - low, 0), step);
    return 0;
  });
  return { pixel: moved, pan };
}

function crosshairElement(): HTMLElement {
  const element = document.createElement("div");
  element.className = "editor-keyboard-crosshair";
  element.dataset.testid = "keyboard-crosshair";
  element.setAttribute("aria-hidden", "true");
  // Set through the CSSOM: the page's Content-Security-Policy allows no style attribute in markup.
  element.style.pointerEvents = "none";
  element.style.width = element.style.height = "40px";
  element.style.lineHeight = "0";
  // A dark line in a white halo reads on the aerial photo and on the plain map alike.
  const arms = "M20 1v14M20 25v14M1 20h14M25 20h14";
  element.innerHTML =
    `<svg width="40" height="40" viewBox="0 0 40 40">` +
    `<path d="${arms}" stroke="#fff" stroke-width="5" stroke-linecap="round" fill="none"/>` +
    `<path d="${arms}" stroke="#c62828" stroke-width="2" stroke-linecap="round" fill="none"/>` +
    `<circle cx="20" cy="20" r="3" fill="#c62828" stroke="#fff" stroke-width="1.5"/></svg>`;
  return element;
}

export class KeyboardPointer extends Interaction {
  private readonly overlay = new Overlay({ element: crosshairElement(), positioning: "center-center", stopEvent: false });
  /** The crosshair's place on the map while a tool is active; null: not placed yet (it starts at the centre). */
  private coordinate: Coordinate | null = null;
  /** The user works the map with the keys: set by a key on the map or a keyboard focus, cleared by the mouse. */
  private keyboard = false;
  /** Whether the last thing the user did was a key press (so a tool chosen by a key takes them to the map). */
  private lastInputWasKey = false;
  private hadDraw = false;
  private mapKeys: EventsKey[] = [];
  private domCleanups: (() => void)[] = [];

  constructor() {
    super();
  }

  override setMap(map: OlMap | null): void {
    const old = this.getMap();
    if (old) {
      old.removeOverlay(this.overlay);
      unByKey(this.mapKeys);
      this.mapKeys = [];
      for (const cleanup of this.domCleanups) cleanup();
      this.domCleanups = [];
    }
    super.setMap(map);
    if (!map) return;
    map.addOverlay(this.overlay);
    const interactions = map.getInteractions();
    this.mapKeys = [interactions.on("add", () => this.refresh()), interactions.on("remove", () => this.refresh())];
    // The editor's map is made with its element: its keys are listened for there from the start.
    const target = map.getTargetElement();
    if (!target) return;
    const listen = <K extends keyof HTMLElementEventMap>(
      element: HTMLElement | Document,
      type: K,
      listener: (event: HTMLElementEventMap[K]) => void,
      capture = false,
    ) => {
      element.addEventListener(type, listener as EventListener, capture);
      this.domCleanups.push(() => element.removeEventListener(type, listener as EventListener, capture));
    };
    listen(target, "focus", () => {
      if (target.matches(":focus-visible")) this.keyboard = true;
      this.refresh();
    });
    listen(target, "blur", () => this.refresh());
    // A real mouse or finger on the map: the crosshair steps aside (the events this pointer makes are not trusted).
    const byHand = (event: PointerEvent) => {
      if (!event.isTrusted) return;
      this.lastInputWasKey = false;
      if (this.keyboard && target.contains(event.target as Node)) {
        this.keyboard = false;
        this.refresh();
      }
    };
    listen(target, "pointermove", byHand);
    listen(document, "pointerdown", byHand, true);
    listen(document, "keydown", (event) => (this.lastInputWasKey = !["Shift", "Control", "Alt", "Meta"].includes(event.key)), true);
  }

  override handleEvent(event: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>): boolean {
    if (event.type !== "keydown" || !(event.originalEvent instanceof KeyboardEvent)) return true;
    const key = event.originalEvent;
    const map = this.getMap();
    // Keys pressed on a control inside the map (the zoom buttons) are that control's.
    if (!map || key.target !== map.getTargetElement()) return true;
    if (!this.keyboard) {
      this.keyboard = true;
      this.refresh();
    }
    const draw = this.activeDraw();
    if (!draw || key.ctrlKey || key.metaKey || key.altKey) return true;
    const arrow = ARROWS[key.key];
    if (arrow) {
      const step = key.shiftKey ? LARGE_STEP_PX : STEP_PX;
      this.move([arrow[0] * step, arrow[1] * step]);
    } else if (key.key === "Enter" && !key.shiftKey) {
      this.click();
    } else {
      return true;
    }
    key.preventDefault();
    return false;
  }

  override disposeInternal(): void {
    this.setMap(null);
    super.disposeInternal();
  }

  /** The crosshair's map coordinate while it is shown (for tests and a caller that wants to show it). */
  getCoordinate(): Coordinate | null {
    return this.overlay.getPosition() ? this.coordinate : null;
  }

  // --- internals -----------------------------------------------------------------------------------

  private activeDraw(): Draw | null {
    const found = this.getMap()
      ?.getInteractions()
      .getArray()
      .find((interaction): interaction is Draw => interaction instanceof Draw && interaction.getActive());
    return found ?? null;
  }

  /** Shows or hides the crosshair after a tool, the focus or the way of working changed. */
  private refresh(): void {
    const map = this.getMap();
    const target = map?.getTargetElement();
    if (!map || !target) return;
    const hasDraw = !!this.activeDraw();
    const started = hasDraw && !this.hadDraw;
    this.hadDraw = hasDraw;
    if (started) {
      this.coordinate = null;
      // A tool chosen with a key (Enter on its button, a sign picked in the gallery) takes the user to
      // the map, where the keys now draw; a click leaves the focus where it was.
      if (this.lastInputWasKey && document.activeElement !== target && !isTextEntry(document.activeElement)) {
        this.keyboard = true;
        target.focus({ preventScroll: true });
      }
    }
    const shown = hasDraw && this.keyboard && document.activeElement === target;
    if (!shown) {
      this.overlay.setPosition(undefined);
      return;
    }
    if (!this.coordinate || !this.inView(this.coordinate)) this.coordinate = map.getView().getCenter()?.slice() ?? null;
    this.overlay.setPosition(this.coordinate ?? undefined);
    this.dispatch("pointermove");
  }

  private inView(coordinate: Coordinate): boolean {
    const map = this.getMap();
    const pixel = map?.getPixelFromCoordinate(coordinate);
    const size = map?.getSize();
    return !!pixel && !!size && pixel[0]! >= 0 && pixel[1]! >= 0 && pixel[0]! <= size[0]! && pixel[1]! <= size[1]!;
  }

  private move(delta: readonly [number, number]): void {
    const map = this.getMap();
    const size = map?.getSize();
    if (!map || !size) return;
    if (!this.overlay.getPosition()) this.refresh();
    if (!this.coordinate) return;
    const from = map.getPixelFromCoordinate(this.coordinate);
    if (!from) return;
    const { pixel, pan } = stepCrosshair(from, delta, [size[0]!, size[1]!]);
    const next = map.getCoordinateFromPixel(pixel);
    if (pan[0] !== 0 || pan[1] !== 0) {
      // The view moves by the part of the step past the margin, so the crosshair stays in sight.
      const centre = map.getPixelFromCoordinate(map.getView().getCenter()!);
      const moved = centre && map.getCoordinateFromPixel([centre[0]! + pan[0]!, centre[1]! + pan[1]!]);
      if (moved) map.getView().setCenter(moved);
      // Drawn now, so the pointer events below find the map where the crosshair is.
      map.renderSync();
    }
    // A view held back (a background image's extent) leaves the crosshair at the edge, not beyond it.
    this.coordinate = this.inView(next) ? next : map.getCoordinateFromPixel(clampToSize(map.getPixelFromCoordinate(next)!, size));
    this.overlay.setPosition(this.coordinate);
    this.dispatch("pointermove");
  }

  /** A click at the crosshair, as the mouse makes one. */
  private click(): void {
    if (!this.overlay.getPosition()) this.refresh();
    if (!this.coordinate) return;
    this.dispatch("pointermove");
    this.dispatch("pointerdown");
    this.dispatch("pointerup");
  }

  private dispatch(type: "pointermove" | "pointerdown" | "pointerup"): void {
    const map = this.getMap();
    if (!map || !this.coordinate) return;
    const pixel = map.getPixelFromCoordinate(this.coordinate);
    if (!pixel) return;
    const viewport = map.getViewport();
    if (!viewport) return;
    const box = viewport.getBoundingClientRect();
    // The inverse of map.getEventPixel (which allows for a CSS-scaled map).
    const scaleX = viewport.offsetWidth ? box.width / viewport.offsetWidth : 1;
    const scaleY = viewport.offsetHeight ? box.height / viewport.offsetHeight : 1;
    viewport.dispatchEvent(
      new PointerEvent(type, {
        bubbles: true,
        cancelable: true,
        composed: true,
        clientX: box.left + pixel[0]! * scaleX,
        clientY: box.top + pixel[1]! * scaleY,
        pointerId: POINTER_ID,
        pointerType: "mouse",
        isPrimary: true,
        button: type === "pointermove" ? -1 : 0,
        buttons: type === "pointerdown" ? 1 : 0,
        view: window,
      }),
    );
  }
}

function clampToSize(pixel: Pixel, size: readonly number[]): Pixel {
  return [Math.min(Math.max(pixel[0]!, 0), size[0]!), Math.min(Math.max(pixel[1]!, 0), size[1]!)];
}

function isTextEntry(element: Element | null): boolean {
  return (
    element instanceof HTMLTextAreaElement ||
    (element instanceof HTMLInputElement && !["button", "checkbox", "radio", "submit", "reset", "file"].includes(element.type)) ||
    (element instanceof HTMLElement && element.isContentEditable)
  );
}
