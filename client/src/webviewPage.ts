/**
 * The HTML of a webview panel's page (the grid view, Collection statistics): a content security
 * policy that lets in only the extension's style sheets and the one bundled page script (by a
 * nonce), the shared page style (client/media/page.css: theme colours and font), then the page's own.
 */
import * as vscode from 'vscode';

/** A script nonce: Web Crypto, which Node and the browser both have. */
function newNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface Page {
  title: string;
  /** client/media, which holds page.css and `style`. */
  media: vscode.Uri;
  style: string;
  /** The bundled page script (dist/webview/…). */
  script: vscode.Uri;
  /** The body's markup, before the script. */
  body: string;
  /** Images the page loads (the grid view's `data:` pictures). */
  images?: boolean;
}

export function webviewPage(webview: vscode.Webview, page: Page): string {
  const nonce = newNonce();
  const styles = ['page.css', page.style].map((name) => `<link rel="stylesheet" href="${webview.asWebviewUri(vscode.Uri.joinPath(page.media, name))}">`);
  const images = page.images ? `; img-src ${webview.cspSource} data:` : '';
  const csp = `default-src 'none'; style-src ${webview.cspSource}; script-src 'nonce-${nonce}'${images}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${styles.join('\n')}
<title>${page.title}</title>
</head>
<body>
${page.body}
<script nonce="${nonce}" src="${webview.asWebviewUri(page.script)}"></script>
</body>
</html>`;
}
