// Sensor plate: the case bottom the four rails bolt to, board_width x
// board_height (the playing surface of geometry/4x8.json). Holes for the
// rails' base screws (countersink them from below by hand: the heads must sit
// flush where the plate stands on the table), and an access hole under each
// overload stop screw, to set it with a hex key from below. Cut from plywood; this part is
// the drilling template (print it 1:1 as a drawing, or use the STL on a CNC).
// Bounding box: board_width x board_height x sensor_plate_thickness.
include <params.scad>

module sensor_plate() {
  // drawn in 2D and extruded: 2D booleans are fast, CGAL's 3D ones slow
  linear_extrude(height = sensor_plate_thickness) difference() {
    square([board_width, board_height]);
    for (y = rail_y, i = [0 : 2 : columns - 2])
      translate([column_x(i) + pit_pitch / 2, y]) circle(d = rail_base_screw + 0.5);
    // stops under the free ends of A and D (x column - offset, rails at y 55 and 245)
    // and of B and C (column + offset, rails at y 100 and 200)
    for (r = [0 : 3], i = [0 : columns - 1])
      translate([column_x(i) + (r == 0 || r == 3 ? -cell_offset : cell_offset), rail_y[r]])
        circle(d = stop_access_d);
  }
}

sensor_plate();
