// kete reference board (4x8): every dimension the mechanical parts share, in mm.
// The pit positions are hardware/geometry/4x8.json's; the cell, cup and clearances
// are hardware/README.md's (§15 Mechanical notes, §11 Bill of materials).
// test/hardware/mechanical.test.ts checks these numbers against both files.
// Override any of them on the command line: openscad -D cup_inner_d=54 -o x.stl part.scad

// --- Board (geometry/4x8.json) ---
board_width = 640;      // layout.width: the playing surface, x to South's right
board_height = 300;     // layout.height: y away from South
columns = 8;
column1_x = 45;         // x of column 1 (A1, B1, C1, D1)
pit_pitch = 64;         // pit centres along a row
row_y = [45, 110, 190, 255]; // y of rows A, B, C, D
bay_x = [530, 630];     // the electronics bay (layout.notes)

// --- Load cell: 1 kg parallel-beam bar (README §11) ---
// The common 80 mm bar cell has two tapped holes at each end. Measure yours:
// hole positions and thread differ between makers (some have M5 at one end).
cell_length = 80;
cell_width = 12.7;
cell_height = 12.7;
cell_hole_inset = 5;     // first hole's centre from the cell's end
cell_hole_spacing = 15;  // between the two holes of one end
cell_screw = 4;          // M4
cell_offset = 8;         // cells lie 8 mm either side of the column centre (§15)

// --- Rails: aluminium flat bar 20 x 20, solid (README §11) ---
rail_width = 20;
rail_height = 20;
rail_margin = 35;        // rail end beyond the outer column centres
rail_base_screw = 4;     // M4 into the rail's underside, tapped
// Rails run along x under the rows' mounting points: a cell's fixed end on
// one, its free end (and its overload stop screw, on the rail's centre line,
// 2.5 mm inside the free end's block) over the other. Rails at y 55 and 100
// carry rows A and B; 200 and 245 mirror them for C and D. Cells of rows A
// and D sit at column - cell_offset, B and C at column + cell_offset.
cell_pair = cell_hole_inset + cell_hole_spacing / 2; // a hole pair's centre from the cell's end
cell_span = cell_length - 2 * cell_pair;              // fixed pair to free pair: 55 mm
// by y: B's fixed ends, A's fixed ends, D's fixed ends, C's fixed ends (55, 100, 200, 245)
rail_y = [row_y[1] - cell_span, row_y[0] + cell_span, row_y[3] - cell_span, row_y[2] + cell_span];

// --- Cell spacer: lifts the fixed end so the free end clears the rail below it ---
spacer_height = 3;

// --- Cups and bracket (README §15) ---
cup_inner_d = 50;
cup_wall = 2.5;
cup_outer_d = cup_inner_d + 2 * cup_wall;
bracket_pad = 4;         // pad on the cell's free end
bracket_height = 12;     // cell top to the cup's seat
bracket_seat_d = 30;     // the seat the cup's base is screwed to
bracket_seat = 4;        // seat thickness
cup_screw = 3;           // the cup is held by one countersunk M3 from inside the cup, through its base

// --- Plates ---
sensor_plate_thickness = 9;   // case bottom, plywood; the rails bolt to it
stop_access_d = 8;            // hole under each overload stop screw, for the hex key
top_plate_thickness = 6;      // the plate players touch; carried by the case walls only
plate_hole_clearance = 2;     // top plate hole = cup outside + 2 mm (§15)
button_d = 16;                // 16 mm panel push buttons (§7)
button_xy = [[580, 120], [580, 180]]; // button 1 (confirm), button 2 (end turn), in the bay

// --- Rendering ---
$fn = 32;

function column_x(i) = column1_x + i * pit_pitch;
rail_length = (columns - 1) * pit_pitch + 2 * rail_margin;
rail_x0 = column1_x - rail_margin;   // rail's west end on the board
