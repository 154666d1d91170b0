import type { LgaRef } from '../../../model/index.js';

/**
 * Made-up NSW register pages in the published markup's shape: a financial-year page with one table
 * (AGRN | Disaster types | Name of disaster | Local Government Area | Assistance available), LGAs one
 * per line (`<br>` on some rows, a list on others), and a declaration's own page listing its LGAs.
 */
export interface StandInNswDeclaration {
  agrn: number;
  disasterTypes: string;
  /** Carries the start date, as the register's names do. */
  name: string;
  lgas: readonly LgaRef[];
  assistance: string[];
  /** `AGRN 1141` (newer pages) or a bare number (older ones). */
  agrnStyle?: 'prefixed' | 'bare';
  lgaMarkup?: 'br' | 'list';
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/–/g, '&ndash;');

function lgaCell(declaration: StandInNswDeclaration): string {
  const names = declaration.lgas.map((lga) => escape(lga.name.replace(/\s*\(NSW\)$/, '')));
  return declaration.lgaMarkup === 'list'
    ? `<ul>${names.map((name) => `<li>${name}</li>`).join('')}</ul>`
    : names.join('<br>\n');
}

export function nswRegisterPageHtml(
  financialYear: string,
  declarations: readonly StandInNswDeclaration[],
): string {
  const rows = declarations
    .map(
      (d) => `<tr>
  <td>${d.agrnStyle === 'bare' ? d.agrn : `AGRN ${d.agrn}`}</td>
  <td>${escape(d.disasterTypes)}</td>
  <td>${escape(d.name)}</td>
  <td>${lgaCell(d)}</td>
  <td>${d.assistance.map((line) => `<p>${escape(line)}</p>`).join('')}</td>
</tr>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Natural disaster declarations from financial year ${financialYear} | NSW Government</title>
<script>window.dataLayer = [];</script></head>
<body><main>
<h1>Natural disaster declarations from financial year ${financialYear}</h1>
<p>This page lists the Local Government Areas (LGAs) that have been severely impacted by a natural disaster.</p>
<h2>Financial year ${financialYear}</h2>
<table>
<thead><tr><th>AGRN</th><th>Disaster types</th><th>Name of disaster</th><th>Local Government Area</th><th>Assistance available</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</main></body></html>`;
}

export function nswDeclarationPageHtml(declaration: StandInNswDeclaration): string {
  const items = declaration.lgas
    .map((lga) => `<li>${escape(lga.name.replace(/\s*\(NSW\)$/, ''))}</li>`)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><title>${escape(declaration.name)} | NSW Government</title></head>
<body><nav><ul><li>Home</li><li>Emergency</li></ul></nav><main>
<h1>${escape(declaration.name)}</h1>
<p>The Australian and NSW Governments have confirmed a Natural Disaster Declaration (AGRN ${declaration.agrn}) for select local government areas.</p>
<p>The following local government areas are included in the Natural disaster declaration (AGRN ${declaration.agrn}):</p>
<ul>
${items}
</ul>
<h2>Assistance available</h2>
<p>${escape(declaration.assistance.join(' '))}</p>
</main></body></html>`;
}
