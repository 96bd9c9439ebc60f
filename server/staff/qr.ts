import QRCode from 'qrcode'

/**
 * A QR code as an inline SVG, drawn here on the server (the `qrcode` package; no image service, no
 * script in the browser): the enrolment page shows the otpauth:// URI with it. Dark modules on a white
 * field with the 4-module quiet zone, whatever the page's theme, so every camera reads it. The caller
 * gives the accessible name (localised): it becomes the SVG's <title> and aria-label, with role="img".
 */

export interface QrOptions {
  /** The accessible name, e.g. "QR code of the authenticator app setup key". */
  label: string
  /** Width and height in CSS pixels (default 200); the drawing scales to it. */
  size?: number
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The SVG markup (a string to place in the page as is). Throws when the text is too long for a QR code. */
export async function qrSvg(text: string, { label, size = 200 }: QrOptions): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } })
  const name = escapeXml(label)
  const px = Math.round(size)
  // The package's output is one <svg …> element with two <path>s: give it its size, role and name.
  return svg.trim().replace(/^<svg /, `<svg width="${px}" height="${px}" role="img" aria-label="${name}" `).replace(/^(<svg[^>]*>)/, `$1<title>${name}</title>`)
}
