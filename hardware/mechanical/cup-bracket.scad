// Cup bracket: screwed on top of a load cell's free end with two screws into
// the cell's tapped holes; its seat carries the cup, centred cell_offset
// (8 mm) sideways from the cell, over the pit's centre (README §15). The same
// part serves both cells of a column, turned end for end.
// Origin: the centre of the cell's free-end hole pair, on the cell's top face;
// the cell runs along y, the seat sits toward +x.
// Bounding box: x from -cell_width/2 to cell_offset + bracket_seat_d/2,
// y over max(pad length, seat), z 0..bracket_height.
include <params.scad>

module cup_bracket() {
  pad_length = 2 * cell_hole_inset + cell_hole_spacing;
  head_d = 2 * cell_screw + 1;   // room for an M4 socket head and its key
  difference() {
    hull() {
      translate([-cell_width / 2, -pad_length / 2, 0]) cube([cell_width, pad_length, bracket_pad]);
      translate([cell_offset, 0, bracket_height - bracket_seat])
        cylinder(d = bracket_seat_d, h = bracket_seat);
    }
    for (y = [-cell_hole_spacing / 2, cell_hole_spacing / 2]) {
      translate([0, y, -1]) cylinder(d = cell_screw + 0.5, h = bracket_pad + 2);
      translate([0, y, bracket_pad]) cylinder(d = head_d, h = bracket_height);
    }
    // the cup's screw, from below through the seat into the cup's base
    translate([cell_offset, 0, bracket_pad]) cylinder(d = cup_screw + 0.4, h = bracket_height);
    translate([cell_offset, 0, bracket_pad]) cylinder(d = 2 * cup_screw + 1, h = bracket_height - bracket_seat - bracket_pad);
  }
}

cup_bracket();
