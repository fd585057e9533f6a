/** Where the command-line tools (npm run admin, npm run descriptions) write: tests capture it. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}
