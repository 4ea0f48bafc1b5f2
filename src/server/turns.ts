import "server-only";

/**
 * Starts at most `perTurn` pieces of work in one turn of the event loop; the rest wait for the next
 * turns (setImmediate), in the order they came.
 *
 * Why: Node serves every connection that is ready in one turn of its event loop. A plan read is one
 * quick, heavy piece of work (a plan's JSON is hundreds of kilobytes), while a save needs many turns
 * (Next reads its body in pieces of 16 KB, one a turn). With hundreds of readers at once every turn
 * served all of them, so a save waited hundreds of reads for each piece of its body and saves all but
 * stopped (README, "Benchmarks"). A limit on concurrency would not help: on SQLite each read runs to its
 * end before the next starts anyway. A limit per turn bounds what one turn spends on reads, so the
 * other requests move on between them; reads are not slower in total, they wait here instead of in the
 * loop.
 */
export class Turns {
  private startedThisTurn = 0;
  private readonly waiting: (() => void)[] = [];
  private turnScheduled = false;

  constructor(private readonly perTurn: number) {
    if (!Number.isInteger(perTurn) || perTurn < 1) throw new RangeError(`perTurn must be a positive integer, not ${perTurn}`);
  }

  /** Pieces of work waiting for their turn (for tests and logs). */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T> | T): Promise<T> {
    if (this.startedThisTurn < this.perTurn && this.waiting.length === 0) this.startedThisTurn += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.scheduleNextTurn();
    return work();
  }

  /** In the next turn: a fresh count, and the first of the waiting started. */
  private scheduleNextTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      this.startedThisTurn = 0;
      while (this.startedThisTurn < this.perTurn && this.waiting.length > 0) {
        this.startedThisTurn += 1;
        this.waiting.shift()!();
      }
    });
  }
}

// Process-wide, as the database handle (src/server/db/index.ts): each route handler is bundled on its own,
// and a module-level Turns would count one route's work, not the process's.
const shared = globalThis as typeof globalThis & { __planTurns?: Map<string, Turns> };

/** The process's one Turns named `name` (plan reads, plan saves), made with `perTurn` on first use. */
export function sharedTurns(name: string, perTurn: number): Turns {
  const all = (shared.__planTurns ??= new Map());
  let turns = all.get(name);
  if (!turns) all.set(name, (turns = new Turns(perTurn)));
  return turns;
}
