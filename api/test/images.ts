// Image headers for avatar tests: the bytes a real PNG, JPEG or WebP file starts with, of a
// given size (the server reads only the header; nothing decodes the pixels).
export function pngHeader(width: number, height: number, pad = 0): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(33 + pad);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  b.set([8, 6, 0, 0, 0], 24);
  return b;
}

export function jpegHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  // SOI, an APP0 segment of 16 bytes, then SOF0 with height and width.
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

export function webpHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(40);
  const t = (s: string, i: number) =>
    b.set(
      [...s].map((ch) => ch.charCodeAt(0)),
      i,
    );
  t("RIFF", 0);
  new DataView(b.buffer).setUint32(4, 32, true);
  t("WEBP", 8);
  t("VP8X", 12);
  new DataView(b.buffer).setUint32(16, 10, true);
  const w = width - 1,
    h = height - 1;
  b.set([w & 255, (w >> 8) & 255, (w >> 16) & 255, h & 255, (h >> 8) & 255, (h >> 16) & 255], 24);
  return b;
}
