import { ORDER_PRESETS } from '@threadcart/contracts';
import { createDatabase } from '/work/main/apps/server/src/db/database.ts';
import { searchCorpus } from '/work/main/apps/server/src/services/corpus-search.service.ts';
for (const file of ['/work/main/bench/.data/corpus-1m.db', '/tmp/b2-bench/idx.db']) {
  const h = createDatabase('sqlite:' + file);
  const times: number[] = [];
  for (let i = 0; i < 21; i++) { const t = performance.now(); await searchCorpus(h.db, { filters: ORDER_PRESETS[1]!.filters, searchType: 'comments', resultCount: 1000 }); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(file, 'p50', times[10]!.toFixed(0), 'p95', times[19]!.toFixed(0), 'max', times[20]!.toFixed(0));
  await h.close();
}
