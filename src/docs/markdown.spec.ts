import { renderMarkdown } from './markdown';

const options = { headingShift: 1, idPrefix: 'wt-' };

describe('renderMarkdown', () => {
  it('renders headings one level down with prefixed ids, dropping the title when asked', () => {
    expect(renderMarkdown('# Title\n\n## Run `demo`\n', { ...options, dropTitle: true })).toBe('<h3 id="wt-run-demo">Run <code>demo</code></h3>');
    expect(renderMarkdown('# Title', options)).toBe('<h2 id="wt-title">Title</h2>');
  });

  it('renders lists with continuation lines, paragraphs and fenced code verbatim', () => {
    const source = ['- one', '  more', '- two', '', '1. first', '2. second', '', 'a', 'b', '', '```bash', 'curl "$A" -d \'{"a":1}\' <x>', '```'].join('\n');
    expect(renderMarkdown(source, options).split('\n')).toEqual([
      '<ul><li>one more</li><li>two</li></ul>',
      '<ol><li>first</li><li>second</li></ol>',
      '<p>a b</p>',
      '<pre><code>curl &#34;$A&#34; -d &#39;{&#34;a&#34;:1}&#39; &#60;x&#62;</code></pre>',
    ]);
  });

  it('escapes raw HTML and allows only site, anchor and http(s) links', () => {
    expect(renderMarkdown('<script>x</script> **b** [docs](/docs) [bad](javascript:alert)', options)).toBe(
      '<p>&#60;script&#62;x&#60;/script&#62; <strong>b</strong> <a href="/docs">docs</a> <a href="#">bad</a></p>',
    );
  });
});
