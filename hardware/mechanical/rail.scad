// Rail: a solid aluminium 20 x 20 bar on the case bottom, along a row. It holds
// the fixed ends of one row's cells (two M4 screws each, from below, through
// the bar into the cell's tapped holes, counterbored so the bar lies flat) and
// the overload stop screws under the other row's free ends (M4 set screws in
// tapped holes, adjusted from below through the sensor plate). Four tapped
// holes in its underside bolt it to the sensor plate. All four rails are this
// part: as drawn (fixed ends at column - cell_offset, stops at column +
// cell_offset) at y 100 and 200; turned end for end at y 55 and 245, since the
// columns are symmetric about the board's centre. x from the rail's west end.
// Bounding box: rail_length x rail_width x rail_height.
include <params.scad>

module rail() {
  $fn = 16;   // drilled holes as 16-gons: a drawing, and 2 s to render instead of 5
  tap = rail_base_screw * 0.8;   // tap drill, M4: 3.3 mm
  fixed = [for (i = [0 : columns - 1]) column_x(i) - rail_x0 - cell_offset];
  stops = [for (i = [0 : columns - 1]) column_x(i) - rail_x0 + cell_offset];
  bases = [for (i = [0 : 2 : columns - 2]) column_x(i) + pit_pitch / 2 - rail_x0];
  // Each set of holes of one depth is one extruded 2D pattern: CGAL then
  // subtracts three solids instead of 44 cylinders (2 s instead of 10).
  difference() {
    translate([0, -rail_width / 2, 0]) cube([rail_length, rail_width, rail_height]);
    // through: the fixed ends' clearance holes, the stops' tapped holes
    translate([0, 0, -1]) linear_extrude(height = rail_height + 2) {
      for (x = fixed, y = [-cell_hole_spacing / 2, cell_hole_spacing / 2])
        translate([x, y]) circle(d = cell_screw + 0.5);
      for (x = stops) translate([x, 0]) circle(d = tap);
    }
    // from below: counterbores for the fixed ends' screw heads, tapped holes for the base screws
    translate([0, 0, -1]) linear_extrude(height = 1 + cell_screw + 1)
      for (x = fixed, y = [-cell_hole_spacing / 2, cell_hole_spacing / 2])
        translate([x, y]) circle(d = 2 * cell_screw);
    translate([0, 0, -1]) linear_extrude(height = 1 + 12)
      for (x = bases) translate([x, 0]) circle(d = tap);
  }
}

rail();
