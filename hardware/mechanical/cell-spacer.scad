// Cell spacer: under a load cell's fixed end, between the cell and its rail, so
// that the free end hangs spacer_height above the other rail (where the
// overload stop screw meets it). Print in PETG, or cut from 3 mm aluminium.
// Bounding box: cell_width x (2 * cell_hole_inset + cell_hole_spacing) x spacer_height.
include <params.scad>

module cell_spacer() {
  length = 2 * cell_hole_inset + cell_hole_spacing;
  difference() {
    translate([-cell_width / 2, -length / 2, 0]) cube([cell_width, length, spacer_height]);
    for (y = [-cell_hole_spacing / 2, cell_hole_spacing / 2])
      translate([0, y, -1]) cylinder(d = cell_screw + 0.5, h = spacer_height + 2);
  }
}

cell_spacer();
