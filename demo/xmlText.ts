// Escapes text for the demo's XML and SGML documents (names such as "Smith & Co (DEMO DATA)" must stay well-formed).

export function xmlText(value: string | number): string {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
