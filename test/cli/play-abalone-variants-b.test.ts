// Abalone's AB-9 variants at the simulated board, part two: traps, the neutral marble, shapes, combined; the team's names and the lights (abalone-variants.ts).
import { namesAndLights, variantGames } from "./abalone-variants.js";

variantGames(5, 9);
namesAndLights();
