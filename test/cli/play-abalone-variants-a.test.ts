// Abalone's AB-9 variants at the simulated board, part one: teams, single colour, the random starts, obstacles (abalone-variants.ts).
import { variantGames } from "./abalone-variants.js";

variantGames(0, 5);
