// Text lines read off a byte stream as they arrive (NDJSON): the warehouse's JSONEachRow rows a
// player's analysis passes on, and that analysis as the back office reads it. Web-standard only.

/** The complete lines of each chunk as it arrives (trimmed, empty ones left out), then what follows the last newline. */
export async function* linesOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<string[]> {
  const reader = stream.getReader();
  const dec = new TextDecoder();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    const lines = buf.split("\n");
    buf = lines.pop()!;
    yield lines.map((l) => l.trim()).filter((l) => l !== "");
  }
  buf += dec.decode();
  if (buf.trim()) yield [buf.trim()];
}
