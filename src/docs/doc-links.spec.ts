import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The repository's own Markdown: README.md and everything under docs/ (reading files is this test's whole point). */
const root = resolve(__dirname, '../..');

function markdownUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownUnder(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const docsFiles = markdownUnder(join(root, 'docs'));
const files = [join(root, 'README.md'), ...docsFiles];

/** The lines outside fenced code blocks, whose `#` are shell comments rather than headings. */
function proseLines(path: string): string[] {
  let fenced = false;
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => {
      if (line.startsWith('```')) fenced = !fenced;
      return !fenced && !line.startsWith('```');
    });
}

const headings = (path: string) => proseLines(path).filter((line) => /^#{1,6} /.test(line));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(path: string): Set<string> {
  const seen = new Map<string, number>();
  return new Set(
    headings(path).map((line) => {
      const slug = line
        .replace(/^#+ /, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      return count === 0 ? slug : `${slug}-${count}`;
    }),
  );
}

/** Relative links of a file, code spans left out: [text](target) with no scheme and no leading slash. */
function relativeLinks(path: string): string[] {
  const prose = proseLines(path).join('\n').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]).filter((target) => !/^([a-z]+:|\/)/i.test(target));
}

describe('the documentation', () => {
  it('finds the files it checks', () => {
    expect(docsFiles.length).toBeGreaterThan(10);
  });

  it.each(files.map((path) => [relative(root, path), path]))('%s: every relative link reaches a file, and its #anchor a heading', (_name, path) => {
    const broken = relativeLinks(path).filter((target) => {
      const [file, anchor] = target.split('#');
      const linked = file === '' ? path : resolve(dirname(path), decodeURIComponent(file));
      if (!existsSync(linked)) return true;
      return anchor !== undefined && linked.endsWith('.md') && !anchorsOf(linked).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it.each(docsFiles.map((path) => [relative(root, path), path]))('%s: no heading is titled by an issue', (_name, path) => {
    expect(headings(path).filter((line) => /\bissues?\b/i.test(line))).toEqual([]);
  });
});
