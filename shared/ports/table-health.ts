/** GET /health asks the one store every request needs whether it answers. */
export interface TableHealth {
  /** The table's status (ACTIVE when usable); throws when the table cannot be reached. */
  status(): Promise<string | undefined>;
}
