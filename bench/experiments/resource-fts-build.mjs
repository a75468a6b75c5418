// Adds a resource-level FTS5 table (one row per resource, its pages' text joined in page order).
import Database from 'better-sqlite3';
const db = new Database(process.argv[2] ?? '/tmp/rdoc/data/studyshelf.sqlite');
const t0 = Date.now();
db.exec(`drop table if exists resource_doc_fts;
create virtual table resource_doc_fts using fts5(body, content='', contentless_delete=1,
  tokenize='porter unicode61 remove_diacritics 2')`);
db.transaction(() => {
  db.exec(`insert into resource_doc_fts(rowid, body)
    select r.rowid, d.body from (
      select resource_id, group_concat(body, char(10) order by page) as body from resource_page group by resource_id
    ) d join resource r on r.id = d.resource_id`);
})();
db.exec("insert into resource_doc_fts(resource_doc_fts) values ('optimize')");
console.log('built in', Date.now() - t0, 'ms', db.prepare('select count(*) n from resource_doc_fts').get());
console.log(db.prepare("select name, sum(pgsize) as bytes from dbstat where name like 'resource_%fts%' group by name").all());
