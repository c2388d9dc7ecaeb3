/**
 * The statement parsers as the doors see them: the CLI's `parse` reads a file the way the engine's
 * statement upload would, without reaching past the engine into main/importers itself.
 */
export { parseStatement } from '../importers';
export type { ParseOptions, ParsedStatement } from '../importers/types';
