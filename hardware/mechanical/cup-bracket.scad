// Cup bracket: screwed on top of a load cell's free end with two M4 screws
// into the cell's tapped holes (from above, through the seat's two access
// holes); then the cup is screwed onto its seat from inside the cup. The seat
// carries the cup centred cell_offset (8 mm) sideways from the cell, over the
// pit's centre (README §15). The same part serves both cells of a column,
// turned end for end. Print it solid (100 % infill), PETG or PLA.
// Origin: the centre of the cell's free-end hole pair, on the cell's top face;
// the cell runs along y, the seat sits toward +x.
// Bounding box: x from min(-cell_width/2, cell_offset - bracket_seat_d/2) to
// cell_offset + bracket_seat_d/2, y over max(pad length, seat), z 0..bracket_height.
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
    // the cup's screw: a countersunk M3 from inside the cup, through its base into
    // this pilot hole (self-tapping into the print, or drill to 4 mm for a heat-set insert)
    translate([cell_offset, 0, bracket_pad]) cylinder(d = cup_screw - 0.5, h = bracket_height);
  }
}

cup_bracket();
