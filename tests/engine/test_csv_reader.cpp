// Reading CSV tables (engine/csv.h, CsvTable) and looking names up (engine/string_index.h): the
// readers behind `myriad-cli maxmin`. What RFC 4180 says a field is, what a user's file looks
// like (CRLF, blank lines, spaces after commas), and errors naming file, line and expected form.
#include "myriad/engine/csv.h"
#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/string_index.h"

#include <QtTest>

#include <unistd.h>

#include <string>

using namespace myriad::engine;

class TestCsvReader final : public QObject
{
  Q_OBJECT

private slots:
  void readsHeaderAndRows();
  void unquotesFieldsInPlace();
  void skipsBlankLinesAndCountsLines();
  void numbersAreStrict();
  void errorsNameFileLineAndForm();
  void indexFindsEveryNameAndOnlyThose();
  void readFileTakesAPipe();
};

void TestCsvReader::readsHeaderAndRows()
{
  // Columns are found by name in any order; a short row reads as empty fields; CRLF and spaces
  // around unquoted fields are trimmed.
  const CsvTable t = CsvTable::parse("capacity, id\r\n10e9 , L1\r\n4e9,L2\r\n7\r\n", "links.csv");
  QCOMPARE(t.rowCount(), std::size_t(3));
  const int id = t.requireColumn("id"), cap = t.requireColumn("capacity");
  QCOMPARE(id, 1);
  QCOMPARE(t.field(0, id), std::string_view("L1"));
  QCOMPARE(t.field(1, id), std::string_view("L2"));
  QCOMPARE(t.field(2, id), std::string_view());
  QCOMPARE(t.number(0, cap, "capacity"), 10e9);
  QCOMPARE(t.column("bound"), -1);
  QCOMPARE(t.field(0, -1), std::string_view());
}

void TestCsvReader::unquotesFieldsInPlace()
{
  // RFC 4180 §2: a quoted field may hold commas, line breaks and doubled quotes (one quote).
  const CsvTable t = CsvTable::parse(
    "id,links\n\"f,1\",\"L1;L2\"\n\"say \"\"hi\"\"\",\"two\nlines\"\nlast,L3\n", "flows.csv");
  QCOMPARE(t.rowCount(), std::size_t(3));
  QCOMPARE(t.field(0, 0), std::string_view("f,1"));
  QCOMPARE(t.field(0, 1), std::string_view("L1;L2"));
  QCOMPARE(t.field(1, 0), std::string_view("say \"hi\""));
  QCOMPARE(t.field(1, 1), std::string_view("two\nlines"));
  QCOMPARE(t.field(2, 0), std::string_view("last"));
  QCOMPARE(t.line(2), 5); // the quoted line break moved the next row to line 5
}

void TestCsvReader::skipsBlankLinesAndCountsLines()
{
  const CsvTable t = CsvTable::parse("\nid,capacity\n\nL1,1\n\r\nL2,2", "links.csv");
  QCOMPARE(t.rowCount(), std::size_t(2));
  QCOMPARE(t.line(0), 4);
  QCOMPARE(t.where(1), std::string("line 6")); // no newline at the end
  QCOMPARE(t.field(1, 1), std::string_view("2"));
}

void TestCsvReader::numbersAreStrict()
{
  // std::from_chars, general format: the whole field must be the number.
  const CsvTable t = CsvTable::parse("v\n1.5e3\n-0.25\n12abc\n\n0x10\n", "n.csv");
  QCOMPARE(t.number(0, 0, "v"), 1500.0);
  QCOMPARE(t.number(1, 0, "v"), -0.25);
  QVERIFY_THROWS_EXCEPTION(LoadError, t.number(2, 0, "v"));
  QVERIFY_THROWS_EXCEPTION(LoadError, t.number(3, 0, "v")); // "0x10" is not decimal
}

void TestCsvReader::errorsNameFileLineAndForm()
{
  const CsvTable t = CsvTable::parse("id,capacity\nL1,fast\n", "links.csv");
  try
  {
    t.number(0, 1, "capacity");
    QFAIL("no error for 'fast'");
  }
  catch (const LoadError& e)
  {
    QCOMPARE(std::string(e.what()),
             std::string("links.csv: line 2: capacity 'fast' is not a number (expected a number)"));
  }
  try
  {
    t.requireColumn("bytes");
    QFAIL("no error for a missing column");
  }
  catch (const LoadError& e)
  {
    QVERIFY2(std::string(e.what()).find("line 1: no column 'bytes'") != std::string::npos,
             e.what());
  }
  try
  {
    CsvTable::parse("id\n\"open\nL2\n", "flows.csv");
    QFAIL("no error for an unclosed quote");
  }
  catch (const LoadError& e)
  {
    QVERIFY2(std::string(e.what()).find("flows.csv: line 2: a quoted field is not closed") !=
               std::string::npos,
             e.what());
  }
}

void TestCsvReader::indexFindsEveryNameAndOnlyThose()
{
  // Short names (≤ 7 bytes, held in the slot) and long ones (compared through the view), past
  // several growths of the table; near misses (a prefix, one byte more, a NUL) are not found.
  std::vector<std::string> names;
  for (int i = 0; i < 5000; ++i)
  {
    names.push_back("L" + std::to_string(i));
    names.push_back("spine-" + std::to_string(i) + "/port-" + std::to_string(i % 64));
  }
  StringIndex index; // no size hint: it grows
  for (std::size_t i = 0; i < names.size(); ++i)
  {
    QVERIFY(index.insert(names[i], static_cast<int>(i)));
  }
  QVERIFY(!index.insert("L42", -7)); // a duplicate changes nothing
  QCOMPARE(index.size(), names.size());
  for (std::size_t i = 0; i < names.size(); ++i)
  {
    QCOMPARE(index.find(names[i]), static_cast<int>(i));
  }
  QCOMPARE(index.find("L42"), 84);
  QCOMPARE(index.find("L5000"), -1);
  QCOMPARE(index.find("L4"), 8);
  QCOMPARE(index.find(std::string_view("L4\0", 3)), -1);
  QCOMPARE(index.find("spine-1/port-"), -1);
  QCOMPARE(index.find(""), -1);
  QVERIFY(index.insert("", 1));
  QCOMPARE(index.find(""), 1);
}

void TestCsvReader::readFileTakesAPipe()
{
  // `--flows /dev/fd/N` or a FIFO: no size to read ahead, the text still arrives whole.
  int fds[2];
  QCOMPARE(::pipe(fds), 0);
  std::string text = "id,capacity\n";
  for (int i = 0; i < 3000; ++i)
  {
    text += "L" + std::to_string(i) + ",400e9\n"; // ~40 KiB: more than one read
  }
  QCOMPARE(::write(fds[1], text.data(), text.size()), static_cast<ssize_t>(text.size()));
  ::close(fds[1]);
  const std::string path = "/dev/fd/" + std::to_string(fds[0]);
  const CsvTable t = CsvTable::read(path);
  ::close(fds[0]);
  QCOMPARE(t.rowCount(), std::size_t(3000));
  QCOMPARE(t.field(2999, 0), std::string_view("L2999"));
  QVERIFY_THROWS_EXCEPTION(LoadError, readFile("/nonexistent/links.csv"));
}

QTEST_GUILESS_MAIN(TestCsvReader)
#include "test_csv_reader.moc"
