/** What the host sees in the terminal at start: the name, every LAN URL, and a QR code to scan. */
import QRCode from 'qrcode';
import { httpUrl, lanAddresses } from '../discovery/lanAddresses';

export interface BannerInput {
  serverName: string;
  port: number;
  host: string;
  advertisedUrl: string;
  discovery: 'mdns' | 'off';
  printQr: boolean;
  monitor: boolean;
}

export function lanUrls(port: number): string[] {
  return lanAddresses().map((a) => httpUrl(a.address, port));
}

export async function startBanner(input: BannerInput): Promise<string> {
  const urls = lanUrls(input.port);
  const bound = input.host === '0.0.0.0' || input.host === '::';
  const lines = [``, `  ${input.serverName} is ready.`, ``];
  if (!bound) lines.push(`  Listening on ${httpUrl(input.host, input.port)} only (HOST=${input.host}).`);
  else if (urls.length === 0)
    lines.push(`  No LAN address found. On this machine: ${httpUrl('localhost', input.port)}`);
  else {
    lines.push(`  Open it from any device on this network:`);
    for (const url of urls) lines.push(`    ${url}`);
    lines.push(`  On this machine: ${httpUrl('localhost', input.port)}`);
  }
  if (!urls.includes(input.advertisedUrl)) lines.push(`  Advertised as ${input.advertisedUrl}`);
  if (input.monitor) lines.push(`  Monitor: ${input.advertisedUrl}/admin/ (user admin, MONITOR_PASSWORD)`);
  lines.push(
    input.discovery === 'off'
      ? `  LAN discovery is off: share the address or the QR code.`
      : `  Other Parlor servers on this network are discovered automatically (mDNS).`,
  );
  const qrTarget = bound ? input.advertisedUrl : undefined;
  if (input.printQr && qrTarget) {
    const qr = await QRCode.toString(qrTarget, { type: 'terminal', small: true });
    lines.push(``, `  Scan to join (${qrTarget}):`, qr);
  }
  return lines.join('\n');
}
