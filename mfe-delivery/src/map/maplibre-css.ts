// maplibre-gl's own styles (markers, controls), loaded with the library (load-maplibre.ts).
import 'maplibre-gl/dist/maplibre-gl.css';
