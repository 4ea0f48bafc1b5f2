/**
 * The print frame on the editor's map while the export panel is open: the page's map area at its scale,
 * with everything outside it dimmed, moved by dragging it (OpenLayers' Translate) and turned from the
 * panel. The frame is the export's truth: what is inside it is what is printed.
 */
import Feature from "ol/Feature";
import type OlMap from "ol/Map";
import Point from "ol/geom/Point";
import Polygon from "ol/geom/Polygon";
import Translate from "ol/interaction/Translate";
import VectorLayer from "ol/layer/Vector";
import VectorSource from "ol/source/Vector";
import Fill from "ol/style/Fill";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import Text from "ol/style/Text";
import { getCenter } from "ol/extent";
import type { Coordinate } from "ol/coordinate";
import { frameRing, type PrintFrame } from "../../export/print-frame";

const FRAME_COLOUR = "#1562ad";
/** The frame feature's id, by which the test API finds it (src/editor/core/test-api.ts). */
const PRINT_FRAME_FEATURE_ID = "print-frame";
/** Far enough around any frame to cover the screen, without reaching the projection's poles. */
const MASK_REACH = 2e6;

export class PrintFrameOverlay {
  private readonly frameFeature = new Feature<Polygon>();
  private readonly maskFeature = new Feature<Polygon>();
  private readonly layer: VectorLayer<VectorSource>;
  private readonly translate: Translate;
  private label = "";
  /** The frame's turn relative to the map, so its label lies along the frame's top edge. */
  private rotation = 0;

  constructor(
    private readonly map: OlMap,
    /** Called with the frame's new centre (map units) after the user dragged it. */
    onMoved: (center: Coordinate) => void,
    movable: boolean,
  ) {
    this.frameFeature.setId(PRINT_FRAME_FEATURE_ID);
    this.maskFeature.setStyle(new Style({ fill: new Fill({ color: "rgba(20, 30, 45, 0.28)" }) }));
    this.frameFeature.setStyle(() => [
      new Style({ fill: new Fill({ color: "rgba(21, 98, 173, 0.04)" }), stroke: new Stroke({ color: "#ffffff", width: 5 }) }),
      new Style({ stroke: new Stroke({ color: FRAME_COLOUR, width: 2, lineDash: [8, 5] }) }),
      // The paper and scale inside the frame's top-left corner (the page's), where it hides no drawing's middle.
      new Style({
        geometry: (feature) => {
          const ring = (feature.getGeometry() as Polygon | undefined)?.getCoordinates()[0];
          return ring?.[0] ? new Point(ring[0]) : undefined;
        },
        text: new Text({
          text: this.label,
          font: "600 13px system-ui, sans-serif",
          fill: new Fill({ color: "#ffffff" }),
          backgroundFill: new Fill({ color: FRAME_COLOUR }),
          padding: [3, 6, 3, 6],
          textAlign: "left",
          textBaseline: "top",
          rotateWithView: true,
          rotation: this.rotation,
          offsetX: 4,
          offsetY: 4,
          overflow: true,
        }),
      }),
    ]);
    this.layer = new VectorLayer({
      source: new VectorSource({ features: [this.maskFeature, this.frameFeature] }),
      properties: { name: "print-frame" },
      zIndex: 1000,
      updateWhileInteracting: true,
    });
    map.addLayer(this.layer);
    this.translate = new Translate({ layers: [this.layer], filter: (feature) => feature === this.frameFeature });
    this.translate.setActive(movable);
    this.translate.on("translateend", () => {
      const geometry = this.frameFeature.getGeometry();
      if (geometry) onMoved(getCenter(geometry.getExtent()));
    });
    map.addInteraction(this.translate);
  }

  /** Shows `frame`, labelled (e.g. "A3 1:500"). */
  show(frame: PrintFrame, label: string): void {
    this.label = label;
    this.rotation = -frame.rotation;
    const ring = frameRing(frame);
    this.frameFeature.setGeometry(new Polygon([ring]));
    const [x, y] = frame.center as [number, number];
    const outer = [
      [x - MASK_REACH, y - MASK_REACH],
      [x + MASK_REACH, y - MASK_REACH],
      [x + MASK_REACH, y + MASK_REACH],
      [x - MASK_REACH, y + MASK_REACH],
      [x - MASK_REACH, y - MASK_REACH],
    ];
    this.maskFeature.setGeometry(new Polygon([outer, [...ring].reverse()]));
  }

  setMovable(movable: boolean): void {
    this.translate.setActive(movable);
  }

  /** The frame's ring on the map (tests and fitting the view). */
  ring(): Coordinate[] | null {
    return this.frameFeature.getGeometry()?.getCoordinates()[0] ?? null;
  }

  dispose(): void {
    this.map.removeInteraction(this.translate);
    this.map.removeLayer(this.layer);
    this.layer.dispose();
  }
}
