// Top plate: the plate players touch. One hole per pit at the pit centres of
// geometry/4x8.json, 2 mm wider than the cup (the cup's rim overhangs it; the
// plate never touches a cup, README §15), and the two 16 mm button holes in
// the bay (§7). Carried by the case walls only, never by the rails.
// Bounding box: board_width x board_height x top_plate_thickness.
include <params.scad>

module top_plate() {
  // drawn in 2D and extruded: 2D booleans render in a fraction of a second, CGAL's 3D ones in a minute
  linear_extrude(height = top_plate_thickness) difference() {
    square([board_width, board_height]);
    for (y = row_y, i = [0 : columns - 1])
      translate([column_x(i), y]) circle(d = cup_outer_d + plate_hole_clearance, $fn = 96);
    for (b = button_xy) translate(b) circle(d = button_d);
  }
}

top_plate();
