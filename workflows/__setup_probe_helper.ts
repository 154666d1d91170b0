// TEMPORARY probe written by the dev-server setup task; deleted when done. SETUP-PROBE-MARKER
export function greeting(name: string): string {
  return `hello ${name}`;
}
