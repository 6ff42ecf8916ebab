/**
 * The little Markdown the repository's own documents use (docs/walkthrough.md, docs/versioning.md,
 * CHANGELOG.md), rendered for the /docs page: headings, paragraphs, `-` and `1.` lists with indented
 * continuation lines, fenced code blocks, and inline `code`, **bold** and [links](url). Everything is escaped;
 * nothing else of Markdown is recognised (raw HTML stays text).
 */
export interface MarkdownOptions {
  /** Added to every heading level: 1 turns the file's `#` into `<h2>`. */
  headingShift: number;
  /** Prefix of the headings' ids, so two documents on one page never share an anchor. */
  idPrefix: string;
  /** Leave the file's first `#` heading out (the page gives the section its own). */
  dropTitle?: boolean;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderMarkdown(source: string, options: MarkdownOptions): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let index = 0;
  let titleDropped = !options.dropTitle;
  while (index < lines.length) {
    const line = lines[index];
    if (line.trim() === '') {
      index += 1;
    } else if (line.startsWith('```')) {
      const end = findIndex(lines, index + 1, (candidate) => candidate.startsWith('```'));
      out.push(`<pre><code>${escapeHtml(lines.slice(index + 1, end).join('\n'))}</code></pre>`);
      index = end + 1;
    } else if (/^#{1,6} /.test(line)) {
      const level = line.indexOf(' ');
      const text = line.slice(level + 1).trim();
      if (!titleDropped && level === 1) {
        titleDropped = true;
      } else {
        const tag = `h${Math.min(6, level + options.headingShift)}`;
        out.push(`<${tag} id="${options.idPrefix}${slug(text)}">${inline(text)}</${tag}>`);
      }
      index += 1;
    } else if (isListItem(line)) {
      const ordered = /^\d+\. /.test(line);
      const items: string[] = [];
      while (index < lines.length && (isListItem(lines[index]) || /^\s+\S/.test(lines[index]))) {
        if (isListItem(lines[index])) items.push(lines[index].replace(/^(- |\d+\. )/, ''));
        else items[items.length - 1] += ` ${lines[index].trim()}`;
        index += 1;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</${tag}>`);
    } else {
      const end = findIndex(lines, index, (candidate) => candidate.trim() === '' || candidate.startsWith('```') || /^#{1,6} /.test(candidate) || isListItem(candidate));
      out.push(`<p>${inline(lines.slice(index, end).join(' '))}</p>`);
      index = end;
    }
  }
  return out.join('\n');
}

function isListItem(line: string): boolean {
  return /^(- |\d+\. )/.test(line);
}

function findIndex(lines: string[], from: number, predicate: (line: string) => boolean): number {
  for (let index = from; index < lines.length; index += 1) if (predicate(lines[index])) return index;
  return lines.length;
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Code spans first (their content is literal), then bold and links in the text between them. */
function inline(text: string): string {
  return text
    .split(/`([^`]+)`/)
    .map((part, index) => (index % 2 === 1 ? `<code>${escapeHtml(part)}</code>` : prose(part)))
    .join('');
}

function prose(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_match, label: string, href: string) => `<a href="${safeHref(href)}">${label}</a>`);
}

/** Site-relative paths, in-page anchors and http(s) only: a document cannot smuggle a `javascript:` link in. */
function safeHref(href: string): string {
  return /^(\/|#|https?:\/\/)/.test(href) ? href : '#';
}
