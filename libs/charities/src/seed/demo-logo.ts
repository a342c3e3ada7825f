import sharp from 'sharp';

/**
 * A demo charity's logo, drawn by this code at seed time (issue 23): no artwork is copied or shipped,
 * and it is no organization's real logo. A rounded square in `colour` with a white heart under a roof
 * (shelter and care), rasterized here to a 256-pixel PNG: the SVG is only our own drawing instructions,
 * never uploaded or served. The same inputs give the same bytes, so a second seed records nothing.
 */
export async function drawDemoLogo(colour: string): Promise<Buffer> {
  if (!/^#[0-9a-f]{6}$/i.test(colour)) throw new Error(`Not a #rrggbb colour: ${colour}`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect x="8" y="8" width="240" height="240" rx="48" fill="${colour}"/>
  <path d="M56 124 L128 60 L200 124" fill="none" stroke="#ffffff" stroke-width="18"
        stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M128 204 C 88 176 70 156 70 134 C 70 116 84 104 100 104 C 112 104 122 110 128 120
           C 134 110 144 104 156 104 C 172 104 186 116 186 134 C 186 156 168 176 128 204 Z"
        fill="#ffffff"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
