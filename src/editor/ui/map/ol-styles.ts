// OpenLayers' stylesheet (controls, attribution, scale line), bundled by Next with the editor's page so
// it applies before the engine draws. Only the CSS: the engine brings OpenLayers' code.
import "ol/ol.css";
