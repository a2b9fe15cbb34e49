/** Parses uploaded data for /imp. One registration per format (plugins/import-delimited). (Completed by the import work.) */
export const ImportFormat = Symbol.for('svc.ImportFormat');

export interface ImportFormat {
  /** Format name, e.g. `delimited`. */
  readonly name: string;
}
