/**
 * @file report_font.cpp
 * Choosing the CJK family of the report (report_font.h).
 */

#include "report_font.h"

#include <QFontDatabase>
#include <QRawFont>
#include <QStringList>

#include <cstdio>

namespace myriad::report
{

namespace
{

/** The family draws the report's Chinese (a sample of its titles and money words). */
bool coversChinese(const QRawFont& raw)
{
  for (const QChar c : QStringLiteral("执行摘要总拥有成本资本支出运营亿万元美元机柜进风温度"))
  {
    if (!raw.supportsCharacter(c))
    {
      return false;
    }
  }
  return true;
}

/**
 * Text drawn with the family extracts as written: no common ideograph shares its glyph with a
 * Kangxi or supplementary radical (Qt's ToUnicode map would name the radical).
 */
bool extractsAsWritten(const QRawFont& raw)
{
  static const char16_t pairs[][2] = {
    { u'\u2F00', u'一' }, { u'\u2F08', u'人' }, { u'\u2F24', u'大' }, { u'\u2F47', u'日' },
    { u'\u2F8F', u'行' }, { u'\u2F64', u'用' }, { u'\u2ED3', u'长' }, { u'\u2ED4', u'门' },
  };
  for (const auto& [radical, ideograph] : pairs)
  {
    const QList<quint32> a = raw.glyphIndexesForString(QString(QChar(radical)));
    const QList<quint32> b = raw.glyphIndexesForString(QString(QChar(ideograph)));
    if (!a.isEmpty() && !b.isEmpty() && a.front() != 0 && a.front() == b.front())
    {
      return false;
    }
  }
  return true;
}

QString findCjkFamily()
{
  QStringList candidates{ QStringLiteral("Noto Sans CJK SC"), QStringLiteral("Source Han Sans SC"),
                          QStringLiteral("Droid Sans Fallback"),
                          QStringLiteral("WenQuanYi Micro Hei"),
                          QStringLiteral("WenQuanYi Zen Hei") };
  for (const QString& family : QFontDatabase::families(QFontDatabase::SimplifiedChinese))
  {
    if (!candidates.contains(family))
    {
      candidates << family;
    }
  }
  const QStringList installed = QFontDatabase::families();
  QString fallback;
  for (const QString& family : candidates)
  {
    if (!installed.contains(family))
    {
      continue;
    }
    const QRawFont raw = QRawFont::fromFont(QFont(family), QFontDatabase::SimplifiedChinese);
    if (!raw.isValid() || raw.familyName() != family || !coversChinese(raw))
    {
      continue;
    }
    if (extractsAsWritten(raw))
    {
      return family;
    }
    if (fallback.isEmpty())
    {
      fallback = family;
    }
  }
  return fallback;
}

} // namespace

QString cjkFamily()
{
  static const QString family = findCjkFamily();
  return family;
}

QFont reportFont(bool chinese)
{
  QFont font(QStringLiteral("DejaVu Sans"));
  const QString cjk = cjkFamily();
  if (!cjk.isEmpty())
  {
    font.setFamilies({ QStringLiteral("DejaVu Sans"), cjk });
  }
  else if (chinese)
  {
    static bool warned = false;
    if (!warned)
    {
      std::fprintf(stderr, "myriad: warning: no Chinese (CJK) font found for the report; Chinese "
                           "text may be drawn as boxes (Debian: apt install fonts-noto-cjk "
                           "fonts-droid-fallback)\n");
      warned = true;
    }
  }
  font.setStyleStrategy(QFont::PreferNoShaping); // no "fi" ligatures: text stays searchable
  return font;
}

} // namespace myriad::report
