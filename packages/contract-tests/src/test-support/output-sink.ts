// A writable stream that keeps what is written: the `out` of a command run in a test.
export function sink(): { stream: NodeJS.WritableStream; text: () => string } {
  let text = "";
  const stream = {
    write(chunk: string) {
      text += chunk;
      return true;
    },
  } as unknown as NodeJS.WritableStream;
  return { stream, text: () => text };
}
