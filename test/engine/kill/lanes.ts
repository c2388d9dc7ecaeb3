/**
 * The kill harnesses' runs, split over two lanes that run side by side, each on its own book: most of a
 * run is a Node process starting, so a second lane uses the core the test runner leaves idle and the
 * harness takes about half the time for the same number of kills. Within a lane the runs follow each
 * other on one book, so every run starts from what the kills before it left.
 */
export const LANES = 2;

export async function inLanes(runs: number, run: (lane: number) => Promise<void>): Promise<void> {
  const perLane = Math.ceil(runs / LANES);
  await Promise.all(
    Array.from({ length: LANES }, async (_, lane) => {
      for (let index = 0; index < perLane; index += 1) await run(lane);
    }),
  );
}
