/** What the commands (`npm run inquiries`, `backup`, `content`) share in reading their arguments. */

/** The value after `--name` in `args`, or undefined when the option is absent. */
export function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name)
  return i === -1 ? undefined : args[i + 1]
}

/** Ends a command on a mistake in its use: the message, then the command's usage, exit status 2. */
export function usageFailure(usage: string, message: string): never {
  process.stderr.write(`${message}\n${usage}`)
  process.exit(2)
}
