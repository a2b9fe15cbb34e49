/** The grid's sticky header row: a corner over the row numbers, then each column's name and type. */
import { ExecColumn } from '../api/exec-answer';

export function gridHeader(columns: readonly ExecColumn[], widths: readonly number[], numeric: readonly boolean[],
  rownumWidth: number, totalWidth: number): HTMLDivElement {
  const header = document.createElement('div');
  header.className = 'grid-header';
  header.setAttribute('role', 'row');
  header.setAttribute('aria-rowindex', '1');
  header.style.width = `${totalWidth}px`;
  const corner = document.createElement('div');
  corner.className = 'grid-rownum';
  corner.style.width = `${rownumWidth}px`;
  corner.textContent = '#';
  header.append(corner);
  columns.forEach((c, i) => {
    const cell = document.createElement('div');
    cell.className = `grid-header-cell${numeric[i] ? ' is-number' : ''}`;
    cell.dataset.test = 'grid-header';
    cell.setAttribute('role', 'columnheader');
    cell.title = `${c.name} ${c.type}`;
    cell.style.width = `${widths[i]}px`;
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = c.name;
    const type = document.createElement('span');
    type.className = 'type';
    type.textContent = c.type;
    cell.append(name, type);
    header.append(cell);
  });
  return header;
}
