// What the test global setup hands each test file (`inject`), declared apart from the setup so a program that
// reads test-database.ts without the setup (the root type check of benchmarks and tools) knows the names too.

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite data folder with every migration applied, copied by each test file. */
    pgliteTemplate: string;
    /** PostgreSQL database with every migration applied, cloned by each test file (CI). */
    postgresTemplate: string | undefined;
  }
}

export {};
