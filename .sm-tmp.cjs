const { SourceMapConsumer } = require('source-map-js');
const fs = require('fs');
const file = process.argv[2];
const code = fs.readFileSync(file, 'utf8');
const map = new SourceMapConsumer(JSON.parse(fs.readFileSync(file + '.map', 'utf8')));
const lines = code.split('\n');
const sizes = {};
let last = null;
map.eachMapping((m) => {
  if (last && last.generatedLine === m.generatedLine) {
    const src = (last.source || '?').replace(/^.*node_modules\//, '');
    const key = src.split('/').slice(0, src.startsWith('@') ? 2 : 1).join('/') + ' ' + src.split('/').slice(-1)[0];
    sizes[key] = (sizes[key] || 0) + (m.generatedColumn - last.generatedColumn);
  }
  last = m;
});
console.log(Object.entries(sizes).sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v / 1024).toFixed(1)}K ${k}`).join('\n'));
