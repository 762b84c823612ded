import { entry, type ScreenEntry } from './entries';

/**
 * The curated abuse and threat list (Japanese and English) for the screening checks. The other
 * categories have their own lists: sexual-words.ts, self-harm-words.ts, exclusion-words.ts
 * (and a few older self-harm and exclusion phrases still here); contacts.ts reads phones and
 * addresses. docs/decisions/0060-screening-categories.md says how they fit together.
 *
 * Written by hand: the npm lists found (badwords-list, naughty-words/LDNOOBW, profane-words,
 * @dsojevic/profanity-list) are English-centred sex/profanity word lists; none covers Japanese
 * school bullying (死ね, 消えろ, 仲間外れ phrases) or English bullying phrases ("nobody likes
 * you"), and their plain substring use is what gives Scunthorpe false positives.
 *
 * Each pattern is matched against one of the folded forms of normalize.ts, so it is written in
 * that form:
 * - `compact`: hiragana only (katakana folded), no small kana, no っ or ー, no repeated
 *   character, no spaces (し ね and し.ね are joined before).
 * - `spaced`: the same with one space between words, for short words that need a boundary.
 * - `folded`: NFKC lower case with katakana kept (シネ is not シネマ).
 * - `english`: lower case, one space between words and one at each end, runs of three or more
 *   equal letters squeezed to one, leetspeak folded and masked letters filled (st*pid).
 * - `kana`: natural hiragana with particles kept (ゆうととは), for structures.
 * - `named`: the English form with a capitalised name inside a sentence written `zname`.
 *
 * Tiers:
 * - `strong`: always a finding (threats, 死ね, masked death wishes (し○ね, タヒね, 〇ね, 4ね),
 *   "kill yourself", slurs, self-harm words).
 * - `insult`: a finding when the text is aimed at someone (お前, あいつ, Xくん, you), when the
 *   insult is used as a name at the start (デブは走るな), when it is (nearly) all the text says,
 *   or together with another insult or weak word. So お前うざい and あいつキモすぎ are held and
 *   ばかみたいに楽しい passes.
 * - `weak`: つまらない, boring…: ordinary opinions about a video; a finding only together with
 *   another insult or when it is all the text says.
 */

const e = entry;

/** Hiragana, for boundaries in the spaced form. */
const H = '[ぁ-ゖ]';
/** "you" in the English form. */
const YOU = '(?:you|u|ya)';
const YOU_ARE = '(?:you re|youre|you are|ur|u r|u re|ure)';
/** "I will" in the English form (I'll → "i ll"). */
const WILL =
  '(?:i ll|ill|i will|im going to|im going to|i am going to|im gonna|im gonna|gonna|going to|we ll|we will|we re gonna|were gonna|we re going to)';

export const ABUSE_ENTRIES: readonly ScreenEntry[] = [
  // ── Japanese: death wishes and threats ─────────────────────────────────────────────────
  e('abuse', 'strong', 'compact', '死ね(?!る|ない|なか|ず|ま)'),
  e(
    'abuse',
    'strong',
    'spaced',
    `(?<!${H})しね(?!${H})|(?<![ぁ-ゖ\\p{Script=Han}])しねえ(?!${H})|しね[よや](?!う)|(?<!${H})しねば`,
  ),
  e('abuse', 'strong', 'folded', 'シネ(?![マコラ])'),
  e('abuse', 'strong', 'folded', '[氏市]ね(?=$|[よや!！。、\\s])'),
  e('abuse', 'strong', 'compact', '(?:死|し)んで(?:くれ|ほしい|ください|よ)|死ねばいい|しねばいい'),
  e('abuse', 'strong', 'compact', '(?:自殺|じさつ)(?:しろ|すれば|しな(?!い))'),
  e(
    'threat',
    'strong',
    'compact',
    '(?:殺|ころ)(?:すぞ|すから|してやる|されたいの|すよ)|ぶ(?:殺|ころ)',
  ),
  e('abuse', 'strong', 'compact', '(?:消|き)えろ|いなくなれ|(?:消|き)えてくれ'),
  e('abuse', 'insult', 'compact', '(?:消|き)えてほしい'),
  e('abuse', 'insult', 'spaced', '^(?:消|き)えて(?:よ)?$'),
  e(
    'threat',
    'strong',
    'compact',
    '(?:殴|なぐ)るぞ|ぶ(?:飛|と)ばす|ぼこ[るす]|しばくぞ|しばいたる|(?:覚|おぼ)えてろ|覚悟しろ|(?:晒|さら)すぞ|(?:ねと|ネット)に(?:晒|さら)|痛い目(?:に)?(?:あわ|見せ)',
  ),
  e(
    'threat',
    'strong',
    'kana',
    '(?:殺|ころ)(?:す|し)(?:ぞ|てやる|たる|ちゃうぞ|に(?:行|い)く)|ぶっ(?:とば|飛ば|殺|ころ|つぶ|潰)|(?:殴|なぐ)(?:る(?=$|[。、！!…]|ぞ|から|よ)|ってやる|りに(?:行|い)く|られたい)|(?:刺|さ)す(?:ぞ|から(?!ね)|よ(?=$|[。、！!]))|刺してやる|(?:燃や|もや)す(?:ぞ|から|よ(?=$|[。、！!]))|(?:しめ|締め)る(?:ぞ|から)|(?:晒|さら)す(?:ぞ|から)|(?:ばら|ばら)まく(?:ぞ|から|よ(?=$|[。、！!]))|(?:拡散|かくさん)する(?:ぞ|から)|ただじゃ(?:済|す)まない|(?:覚|おぼ)え(?:てろ|ておけ)',
  ),
  // ぼこぼこに: a beating, but also a match won big (5-0でぼこぼこにしてやった).
  e(
    'threat',
    'strong',
    'kana',
    'ぼこぼこに(?:して|する|される)',
    '',
    '試合|しあい|さっかー|野球|やきゅう|ばすけ|ばれー|てにす|卓球|たっきゅう|げーむ|大会|たいかい|[0-9０-９]+\\s?(?:-|ー|対|たい)\\s?[0-9０-９]+|勝っ|かった|優勝|ゆうしょう|点差',
  ),
  e(
    'threat',
    'strong',
    'kana',
    '(?:お前|おまえ|あんた|てめえ|てめー)の(?:家|いえ|住所)(?:[^。]{0,4})?(?:知|し)って(?:る|ん)(?:から|ぞ|んだ|よ)|(?:帰り道|かえりみち|夜道|背後)(?:に|は)?(?:気をつけ|きをつけ)(?:ろ|な(?=$|[。、！!よ])|とけ)|(?:二度と|にどと)[^。]{0,12}?(?:ないように|なく)(?:して|し)(?:やる|やんよ)|(?:ちく|チク)(?:ったら|ると)[^。]{0,15}?(?:わかって|分かって|どうなる|知らない|しらない|ただじゃ)|(?:次|つぎ)[^。]{0,6}?(?:言|い)ったら(?:殴|なぐ|殺|ころ|ぶ|しめ)',
  ),
  e(
    'threat',
    'strong',
    'kana',
    '(?:来い|こい|顔貸せ|面貸せ|つら貸せ)(?=$|[。、！!よや])',
    '体育館裏|体育館の裏|校舎裏|校舎の裏|放課後|一人で来|ひとりで来|呼び出し',
  ),
  e(
    'abuse',
    'insult',
    'compact',
    'のせいで(?:最悪|さいあく|台無し|だいなし|負け|まけ|全部|ぜんぶ|終わ|おわ|めちゃくちゃ|めちやくちや)',
  ),
  e(
    'threat',
    'strong',
    'kana',
    '(?:殴|なぐ|殺|ころ|蹴|け|刺|さ|しめ|ぼこ|いじめ|晒|さら|ばら)(?:ら|さ)?れたく(?:なかったら|なければ|ないなら|なきゃ)|(?:金|かね|お金|おかね|[0-9]+円)(?:を|も)?(?:持って(?:こい|来い|きて(?:よ|ね)?(?=$|[。、！!])|こいよ)|もってこい|よこせ|出せ|だせ(?=$|[。、！!よ])|貸せ|かせ(?=$|[。、！!よ]))|待ち伏せ|まちぶせ|(?:帰り道|かえりみち|夜道|よみち)(?:で|に|は)?[^。！？!?]{0,6}?(?:待って|まって)(?:る|ます)(?:から|ぞ)',
  ),
  e(
    'threat',
    'strong',
    'kana',
    '(?:爆弾|ばくだん|爆破|ばくは)(?:を)?(?:しかけ|仕掛け|置い|おい|する|予告|よこく)|(?:殺す|ころす)[\\s　、,]*(?:殺す|ころす)|(?:殺す|ころす)[\\s　、,]*(?:まじ|マジ|ぜったい|絶対|本気)|(?:切|き|壊|こわ|隠|かく|捨て|すて|燃や|もや|ぱんく|破|やぶ|ひっくり返|投げ|なげ)(?:っ|し)?(?:とい|ておい)?てやる(?:よ|から|ぞ|な)|(?:こなかったら|来なかったら|持ってこなかったら|言ったら|いったら|ちくったら|したら)[^。]{0,6}?(?:ぼこ|しめる|潰す|つぶす)',
  ),
  // ── Japanese: masked death wishes (タヒね, し○ね, 〇ね, 4ね) ────────────────────────────────
  e('abuse', 'strong', 'folded', 'タヒ(?:ね|ネ|んで|ねば)'),
  e(
    'abuse',
    'strong',
    'folded',
    '(?:^|[\\s、。!！?？]|お前|おまえ|まじ|マジ|はよ|早く|はやく|さっさと|もう|てめえ|あんた)(?:[○●◯◎□■×✕＊*〇]+|4)ね(?:よ|や|ば)?(?=$|[\\s、。!！w]|いい|お前|おまえ|あんた|てめ)',
  ),
  e('abuse', 'strong', 'folded', '[氏市]んで(?:くれ|ほしい|ください|よ(?=$|[。、！!]))'),
  e(
    'threat',
    'strong',
    'kana',
    '(?:燃や|殴|なぐ|刺|殺|ころ|ぶっ飛ば|ぶっとば|潰|つぶ|壊|こわ|晒|さら|しめ|ぼこ|蹴|け(?=っ)|ぶん殴|ぶんなぐ)(?:し|っ)?て(?:やる|やろ|やっ|やん)|(?:写真|画像|動画|秘密|ひみつ|顔|かお)(?:を)?(?:ねっと|sns|twitter|いんすた|みんな|学校中|クラス中|くらす中)に(?:上げ|あげ|流|なが|晒|さら|ばら|載せ|のせ|拡散)(?:る|す|して)(?:ぞ|から|よ|$)',
  ),
  e(
    'threat',
    'strong',
    'kana',
    '(?:お前|おまえ|てめ|あんた|あいつ|こいつ|まじで|ぜったい|絶対)[^。！？!?]{0,4}?(?:殺|ころ)す(?=$|[。、！!…w]|から|ぞ|よ|わ)|(?:待って|まって|待っと|まっと)(?:ろ|け)(?=$|[。、！!よ])|(?:特定|とくてい)(?:した|してやる|する(?:ぞ|から)|済み|ずみ)|(?:住所|家|いえ|学校)(?:を|も)?(?:特定|突き止め|つきとめ)|痛い目(?:に)?(?:あう|遭う|あわせ|見る|みる|見せ)(?:ぞ|よ|から|ことに)|(?:晒|さら)して(?:やる|やっ)|(?:お前|おまえ|てめ|あんた)の[^。！？!?]{0,10}?(?:ぐちゃぐちゃ|めちゃくちゃ|ぼこぼこ|壊|こわ|捨て|隠|燃や|破|汚|落書き)[^。！？!?]{0,4}?(?:してやる|にしてやる|やる(?=$|[。、！!]|から|ぞ))',
  ),
  e(
    'threat',
    'strong',
    'folded',
    'ぶっ[○●◯◎□■×✕＊*〇]{1,2}す|こ[○●◯◎□■×✕＊*〇]す(?:ぞ|から|よ)?|(?:^|[^ぁ-ゖ])[○●◯◎□■×✕＊*〇]{1,2}す(?:ぞ|から)',
  ),
  e(
    'threat',
    'strong',
    'kana',
    '覚悟(?:しとけ|しておけ|しろ|しな(?=$|[。、！!よ])|できて(?:る|ん))|(?:覚|おぼ)えと(?:け|けよ)(?![^。]*(?:てすと|試験|出る|笑|w$))|ただじゃ(?:おかない|おかね|済まない|すまない)|ただで(?:済|す)むと(?:思|おも)|(?:ばら|バラ)す(?:ぞ|から|よ(?=$|[。、！!]))|(?:言|い)いふらす(?:ぞ|から)|(?:家|いえ|うち)(?:まで|に)(?:行|い)って(?:やる|やっ)|(?:来なかったら|こなかったら|言ったら|いったら|ちくったら|ばらしたら|逃げたら|にげたら|やったら|したら|言いつけたら|いいつけたら)[^。]{0,8}?(?:わかって(?:る|ん)(?:よな|よね|だろ|な(?=$|[。、！!]))|分かって(?:る|ん)(?:よな|よね|だろ)|どうなるか|ただじゃ|覚えと|知らない(?:から|よ|ぞ)|しらない(?:から|よ|ぞ)|殴|なぐ|ぶっ|殺|ころ)',
    '',
    '負けない|まけない|勝つ|かつから|試合|しあい|げーむ|おせろ|将棋|しょうぎ|大会|たいかい|勝負|しょうぶ|りべんじ|すまぶら|まりか',
  ),
  // ── Japanese: slurs (strong) ─────────────────────────────────────────────────────────────
  e('abuse', 'strong', 'compact', 'がいじ(?!ん)|きちがい|基地外|気違い|池沼'),
  e('abuse', 'strong', 'compact', '(?:ごみ|ゴミ|くず|クズ)(?:人間|やろう|野郎|かす)'),
  // ── Japanese: insults ────────────────────────────────────────────────────────────────────
  e(
    'abuse',
    'insult',
    'compact',
    'ばか(?!り|に|で|ら|げ|しい|ば|す(?!ぎ)|うま|でか|たか|やす|はや|おもしろ|面白|楽し|たのし|売れ|うけ|受け|力|ぢから|ちから|騒|さわぎ|正直|丁寧|ていねい|つよ|強|多|おお|ほど)|馬鹿(?!に|ら|げ|馬鹿|うま|でか|正直|丁寧|ほど)',
  ),
  e('abuse', 'insult', 'compact', 'あほ(?!う?どり)|阿呆'),
  e('abuse', 'insult', 'folded', 'ブス|デブ|カス(?![タテトケクパ])|クズ|ハゲ'),
  e('abuse', 'insult', 'spaced', `(?<!${H})(?:ぶす|でぶ|はげ|くず|かす)(?!${H})`),
  e('abuse', 'insult', 'compact', 'ざこ(?!つ)|雑魚'),
  e(
    'abuse',
    'insult',
    'compact',
    'きもい|きもすぎ|きしよい|きしよすぎ|きしよく|きしよ(?=$)|きめえ|気持ち悪いんだよ',
  ),
  e('abuse', 'insult', 'compact', '(?:黙|だま)(?:れ|てろ|とけ|て$|てな$)'),
  e('abuse', 'insult', 'compact', '調子(?:に)?(?:乗|の)(?:んな|るな|てんな|てんじやね)'),
  e('abuse', 'insult', 'compact', '頭(?:が)?(?:悪|わる)(?:い|すぎ|そう)|あたまわる'),
  e(
    'abuse',
    'insult',
    'compact',
    'むかつく|(?:顔|かお)(?:見る|みる)(?:だけ|と)で?(?:いらいら|むかつ|吐き気|はきけ)',
  ),
  e('abuse', 'insult', 'spaced', '(?<![ぁ-ゖ])ぶさ(?=$| |w)'),
  e('abuse', 'strong', 'compact', '(?:しね){2,}|(?:死ね){2,}'),
  e(
    'abuse',
    'insult',
    'compact',
    '才能(?:が)?(?:ない|ねー|ねえ|なし|ゼロ|ぜろ)|気持ち悪い|きもちわるい|(?:近寄|ちかよ|近づ|ちかづ)(?:らないで|かないで|んな)',
  ),
  e('abuse', 'insult', 'spaced', '(?<=まじ|はよ|もう|早く|はやく|さっさと)(?:消|き)えて(?=$| )'),
  e(
    'threat',
    'strong',
    'kana',
    '(?:押しかけ|おしかけ|乗り込|のりこ)(?:んで|んでやる|て)?(?:やる|るぞ|るから)|(?:殺|ころ)せる(?:から|ぞ|んだ)|(?:帰り道|かえりみち|夜道|よみち|背後|後ろ|うしろ)[^。！？!?]{0,4}?(?:に)?(?:気をつけ|きをつけ)(?:ろ|な(?=$|[。、！!よ])|とけ)',
  ),
  e(
    'threat',
    'strong',
    'english',
    ' come alone | (?:meet|see) me (?:after school|behind the|outside the) (?:[a-z]+ )*(?:alone|or else) ',
  ),
  e(
    'threat',
    'strong',
    'named',
    ` (?:i ll|ill|i will|gonna|im gonna|im gonna|im going to|im going to) (?:bring|get|use|grab) (?:a |my |my dad s |my mom s |my brother s |the )?(?:knife|gun|bat|blade|weapon|lighter) | burn (?:his|her|their|your|ur|zname s) (?:house|home|stuff|bag|locker)(?: down)? | (?:make|making) (?:him|her|them|zname) (?:pay|regret|suffer|cry|bleed) | (?:he ll|hell|she ll|shell|they ll|zname ll|zname will) (?:regret|pay for) (?:it|this|that) | (?:stab|stabbed|kill|killed|shoot|shot|beat|punch|hurt)(?: [a-z]+){0,8} (?:not joking|no joke|im serious|im serious|not kidding|for real) `,
  ),
  e(
    'threat',
    'strong',
    'kana',
    '(?:泣か|なか|潰|つぶ|しば)す(?:ぞ|から(?!ね))|首(?:を)?洗って|(?:二度と|にどと)(?:学校|がっこう)?(?:に)?(?:来|こ)れない|(?:来れ|来られ|これ|こられ|歩け|立て|学校に来れ)ないように(?:して|し)(?:やる|やっ|やん)|(?:校舎裏|校舎の裏|体育館裏|体育館の裏|裏庭|うらにわ|屋上|おくじょう|といれ)(?:な|に来い|来い|で待(?:って|っと)る?)(?=$|[。！!])',
  ),
  e(
    'abuse',
    'insult',
    'compact',
    'くさい|頭おかしい|あたまおかしい|ぼち(?=$|が|は|w|の)|いきんな|でしやばんな|でしやばるな|のくせに|のくせして',
  ),
  e(
    'abuse',
    'insult',
    'folded',
    'き[○●◯◎□■×✕＊*〇]い|底辺|ていへん|がり勉|ガリ勉|陰キャ|チビ|ちび(?=$|[、。！!w]|が|は)',
  ),
  e(
    'abuse',
    'insult',
    'compact',
    '(?:声|こえ|顔|かお|存在)(?:を)?(?:聞く|聞いて|きく|見る|見て|みる)?(?:と|だけで)(?:吐き気|はきけ|いらいら|むかつ|気持ち悪|きもちわる)',
  ),
  e(
    'abuse',
    'insult',
    'compact',
    '使えね|役立たず|やくたたず|話しかけんな|話しかけてくんな|ちかよんな|寄んな|きも(?:おた|男|女|野郎|やろう|顔|がお)|顔面偏差値|(?:顔|かお)(?:が)?(?:ぶさ|終わて|やば)',
  ),
  e(
    'abuse',
    'insult',
    'spaced',
    '(?<![ぁ-ゖ\\p{Script=Han}])(?:消|き)えて(?:よ|くれ|ほしい)?(?=$| )',
  ),
  e('abuse', 'insult', 'spaced', `(?:きも|きしよ)(?=$| |w)`),
  e('abuse', 'insult', 'compact', 'うざい(?!ほど|くらい|ぐらい)|うざすぎ|うぜえ'),
  e('abuse', 'insult', 'spaced', `(?:うざ|うぜ)(?=$| |w)`),
  e('abuse', 'insult', 'compact', '(?:へた|下手)くそ|(?:へた|下手)すぎ'),
  e(
    'abuse',
    'insult',
    'compact',
    '無能|能無し|のうなし|脳みそ(?:が)?(?:ない|ねえ|入て|はいて|からぽ)|使えなさすぎ|使えないやつ|使えない奴|くそがき|くそ餓鬼|ksgk|説得力(?:が)?(?:ぜろ|ゼロ|0|ない)',
  ),
  e('abuse', 'insult', 'compact', 'いんきや|陰キヤ|ぶさいく|不細工|ぶさすぎ'),
  e(
    'abuse',
    'insult',
    'compact',
    '(?:ごみ|ゴミ)(?!拾|ひろ|を|が|は|の|箱|ばこ|袋|ぶくろ|出|問題|分別)',
  ),
  e('abuse', 'strong', 'compact', '(?:生|い)きてる(?:価値|かち)(?:が|も)?(?:ない|ねえ|なし)'),
  e(
    'abuse',
    'weak',
    'compact',
    'つまらな(?!く)|つまんな(?!く)|つまんね|(?<!く)ださい|ださすぎ|しよぼい',
  ),
  // ── Japanese: exclusion ──────────────────────────────────────────────────────────────────
  e(
    'exclusion',
    'strong',
    'compact',
    '(?:お前|おまえ|あんた|てめえ)(?:は|なんか|なんて|も)?(?:来|く)るな',
  ),
  e('exclusion', 'strong', 'spaced', `(?:来|く)(?:る|ん)な(?=$| |よ)`),
  e('exclusion', 'strong', 'compact', '学校(?:に|へ)?(?:来|く)るな'),
  e('exclusion', 'strong', 'compact', '(?:入|い)れて(?:あげ|や)ない|(?:入|い)れてあげない'),
  e('exclusion', 'strong', 'compact', '仲間(?:外|はず)れに(?:しよ|する(?:ぞ|から)|してやる)'),
  e('exclusion', 'strong', 'compact', '仲間に(?:入|い)れ(?:ない|ねえ|てやらない)'),
  e('exclusion', 'strong', 'compact', 'はぶろ(?!く|ぐ)|はぶる(?:ぞ|わ|か)|はぶられろ'),
  e('exclusion', 'strong', 'compact', '(?:みんな|皆)で(?:無視|むし)(?:しよ|する|な)'),
  e(
    'exclusion',
    'strong',
    'compact',
    '(?:みんな|皆|全員)(?:で)?(?:あいつ|こいつ|お前|おまえ|[^。！？]{1,8}?(?:さん|くん|ちやん))(?:の?こと)?(?:を)?(?:無視|むし)(?:しよ|しろ|する(?:ぞ|か)|な)',
  ),
  e(
    'exclusion',
    'strong',
    'compact',
    'あち(?:行|い)け|(?:近|ちか)(?:寄|よ)るな|話しかけるな|(?:関|かか)わるな',
  ),
  e('exclusion', 'strong', 'compact', '(?:誰|だれ)も(?:お前|おまえ|あんた|てめえ)'),
  e(
    'exclusion',
    'strong',
    'compact',
    '(?:みんな|皆|全員)(?:お前|おまえ|あんた)(?:の?こと)?(?:が|を)?(?:嫌|きら)い',
  ),
  e(
    'exclusion',
    'strong',
    'compact',
    '(?:お前|おまえ|あんた)(?:なんか|なんて)?(?:いらない|いらね)',
  ),
  e(
    'exclusion',
    'strong',
    'compact',
    '(?:お前|おまえ|あんた)の(?:居場所|いばしよ)(?:は|なんて)?(?:ない|ねえ)',
  ),
  e(
    'exclusion',
    'strong',
    'compact',
    '(?:一緒|いしよ)に(?:遊|あそ)んであげない|(?:友達|ともだち)(?:やめる|じやない)から',
  ),
  // ── Japanese: self-harm ──────────────────────────────────────────────────────────────────
  e(
    'selfHarm',
    'strong',
    'compact',
    '死にたい|しにたい|(?:消|き)え(?:たい)(?<!(?:尊|推|おし|恥ずかし|はずかし)[^。]{0,8}(?:消|き)えたい)|(?:自殺|じさつ)したい|首(?:を)?(?:吊|つ)りたい|飛び降りたい|(?:生|い)きてる(?:意味|いみ)(?:が|も)?(?:ない|ねえ)',
  ),
  e('selfHarm', 'strong', 'spaced', `(?<!${H})りすか|りすとかと`),
  // ── English: threats, death wishes, self-harm ────────────────────────────────────────────
  e('abuse', 'strong', 'english', ' k+y+s+ '),
  e(
    'abuse',
    'strong',
    'english',
    ' kil+ (?:your ?self|yo?urself|ur ?self|yourselves|urselves|urslf) ',
  ),
  e('abuse', 'strong', 'english', ' (?:go|just|pls|please) (?:die|d1e) '),
  e('abuse', 'strong', 'english', ` (?:i )?hope ${YOU} (?:die|get hurt|get hit) `),
  e('abuse', 'strong', 'english', ` ${YOU} should (?:just )?(?:die|kil+ yourself|disappear) `),
  e('abuse', 'strong', 'english', ' drop dead | go hang yourself | drink bleach '),
  e(
    'abuse',
    'strong',
    'named',
    ' zname (?:is|s) (?:an? |such an? |the )?(?:idiot|loser|moron|freak|clown|joke|retard) ',
  ),
  e(
    'abuse',
    'strong',
    'english',
    ' imagine being (?:this|so|that) (?:ugly|dumb|stupid|fat|cringe|annoying|weird|bad|slow|useless) | (?<!im |im |i am )(?:he|she|[a-z]+) (?:is|s) (?:an? |such an? |the biggest |a total )?(?:idiot|loser|moron|retard|dumbass) ',
  ),
  e(
    'threat',
    'strong',
    'english',
    ` ${WILL} (?:kil+|hurt|stab|shoot|punch|smash|strangle|expose|destroy|end|jump) ${YOU} (?!at |in (?:the |a |this |every )?(?:game|match|race|round|final)|on (?:the )?(?:court|field|pitch))| ${WILL} beat ${YOU} (?!at |in |on )| ${WILL} (?:find|get|catch) ${YOU} (?=$|after|tomorrow|later|at school|outside|one day|soon)`,
  ),
  e(
    'threat',
    'strong',
    'english',
    ` ${WILL} make ${YOU} (?:regret|pay|suffer|cry|bleed) | ${WILL} (?:break|smash) (?:your|ur) (?:legs?|arms?|face|neck|nose|bones|teeth|jaw|head) | ${WILL} ruin (?:your|ur) life | ${WILL} (?:post|leak|share|spread|send) (?:your|ur) (?:pics|photos|pictures|nudes|secrets|address|number|diary|messages|texts|chats) `,
  ),
  e(
    'threat',
    'strong',
    'english',
    ` (?:you ll|youll|you will|u ll|ull|you re gonna|youre gonna|you are going to|u r gonna) (?:regret|pay for) (?:this|it|that) | ${YOU} (?:better|d better|had better) watch (?:out|it|your back|yourself|ur back) | or else $`,
  ),
  e(
    'threat',
    'strong',
    'english',
    ` ${YOU_ARE} (?:so )?dead (?!right|wrong|serious|tired|on |set )| watch (?:your|ur) back | (?:i|we|they) (?:know|found out|found|know exactly) where ${YOU} (?:live|stay|sleep) | ${WILL} (?:smash|break|destroy|wreck|burn|trash|rip up|snap) (?:your|ur) (?!record|score|high ?score|streak|heart|fall|silence|habit)[a-z]+ `,
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:i )?(?:want to|wanna) die (?!laugh)| kil+ myself | end my life | suicidal | commit suicide ',
  ),
  // ── English: slurs and strong profanity ──────────────────────────────────────────────────
  e(
    'abuse',
    'strong',
    'english',
    ' (?:f+u+c+k+|fuk|fck|fuc)(?:ing|in|er|ers|face|off|u)? | stfu | (?:b+i+t+c+h+|biatch)(?:es|y)? | cunt | whore | slut | retard(?:ed|s)? | a+s+s+hole | dickhead | motherfucker | fag(?:got)?s? | nigg(?:er|a)s? ',
  ),
  // Aimed insults: "you're ugly".
  e(
    'abuse',
    'strong',
    'english',
    ` ${YOU_ARE} (?:so |such an? |an? |really |very |the most |fucking )?(?:ugly|stupid|dumb|fat|gross|disgusting|idiot|loser|moron|useless|trash|worthless|pathetic|annoying|freak|failure|bad at everything) `,
  ),
  e('abuse', 'strong', 'english', ' your (?:ugly|stupid|dumb|fat|an idiot|a loser|a freak) '),
  e(
    'abuse',
    'strong',
    'english',
    ` ${YOU} (?:smell|stink|look|sound|are|re) like (?:garbage|trash|shit|crap|poop|a pig|a dog|a rat|a loser|an idiot|a freak|a clown) | ${YOU} stink `,
  ),
  e(
    'abuse',
    'strong',
    'english',
    ` waste of (?:space|air|oxygen|skin|life) | ${YOU_ARE} (?:the )?(?:dumbest|stupidest|ugliest|weirdest|fattest|most annoying|biggest loser|worst) `,
  ),
  e(
    'abuse',
    'insult',
    'english',
    ' go cry | cry about it | cope | seethe | touch grass | bozo | clown ',
  ),
  e(
    'abuse',
    'strong',
    'english',
    ` ${YOU_ARE} (?:a |such a |literally a )?(?:joke|clown|bozo|disgrace) | nobody asked (?:you|u) | ${YOU_ARE} (?:so |really |literally )?(?:weird|creepy|cringe|gross|annoying|ugly|stupid|dumb) (?:af|asf|as hell|as fuck) | ${YOU} (?:smell|stink)(?: bad)? $|^ (?:fu|f u|fuu)(?: you| u)? $`,
  ),
  e(
    'threat',
    'strong',
    'english',
    ` dead meat | wait (?:till|until) i (?:see|get|catch) ${YOU} | (?:you d |youd |you )?better not (?:show up|come|be there|tell|snitch) | ${WILL} (?:hurt|beat|get|find|punch|kill) (?:your|ur) (?:little |big )?(?:brother|sister|mom|mum|dad|family|dog|cat|friend|friends) | ${WILL} (?:break|smash|bash) (?:your|ur) (?:[a-z]+ ){0,4}?(?:face|head|nose|legs?|arms?|teeth) | ${WILL} (?:jump|beat up|get|kill|hurt) (?:him|her|them) | beat the (?:crap|hell|shit) out of | ${YOU} ll be sorry | youll be sorry | make (?:your|ur) life (?:hell|miserable) | (?:tell|show) everyone (?:your|ur) (?:secret|secrets|pics|photos) `,
  ),
  e(
    'abuse',
    'strong',
    'english',
    ' go (?:jump off (?:a|the) (?:cliff|bridge|roof)|play in traffic|drown|hang yourself|eat (?:glass|dirt|shit)) ',
  ),
  e(
    'threat',
    'strong',
    'english',
    ` (?:im|im|i am|we re|were|we are) coming for ${YOU} | watch (?:yourself|urself) | ${WILL} (?:knock|kick|bash|punch|smash|rip) (?:your|ur) (?:teeth|head|face|lights) | one more (?:word|time|thing) and (?:you re|youre|ur|you are|i ll|ill) | and (?:you re|youre|ur|you are) (?:done|dead|finished|gone) `,
  ),
  e(
    'threat',
    'strong',
    'english',
    ` (?:i ll|ill|we ll|i will|we will) be waiting (?:for (?:you|u) )?(?:after school|outside|behind|at the gate) | what s coming (?:to (?:you|u))? | get what (?:you|u) deserve | (?:see|show (?:you|u)) how (?:brave|tough|strong) ${YOU} (?:are|r|really are) | ${WILL} (?:ruin|wreck) ${YOU} `,
  ),
  e(
    'threat',
    'strong',
    'english',
    ` ${YOU} (?:won t|wont|will not) see (?:it|this|me) coming | (?:keep (?:talking|it up|going)|say (?:that|it) again|do (?:that|it) again|try (?:me|it)|tell (?:anyone|someone|anybody|a teacher|the teacher|your mom)|snitch|come to school tomorrow) (?:and|i dare you and) (?:see what happens|you ll see|you re dead|youre dead|you ll regret|you ll be sorry|i ll|ill|watch) | ${WILL} make sure ${YOU} (?:never|can t|cant|don t|dont|won t|wont|regret) `,
  ),
  e(
    'abuse',
    'strong',
    'english',
    ' (?<!im |im |i am )(?:what|such) an? (?:idiot|loser|moron|freak|retard|dumbass|bitch|creep|weirdo|pig) | (?:fat|ugly|stupid) (?:pig|cow|loser|idiot|freak|bitch) ',
  ),
  // ── English: exclusion ───────────────────────────────────────────────────────────────────
  e(
    'exclusion',
    'strong',
    'english',
    ` (?:nobody|no one|noone|no1) (?:likes|wants|cares about|loves|will miss) ${YOU} | every(?:one|body) hates ${YOU} `,
  ),
  e(
    'exclusion',
    'strong',
    'english',
    ` ${YOU} (?:can t|cant|cannot|can not) sit with us | ${YOU_ARE} not invited | ${YOU} (?:don t|dont|do not) belong | ${YOU} (?:have|got) no friends `,
  ),
  e(
    'exclusion',
    'strong',
    'english',
    ` (?:we|nobody|no one) (?:don t |dont |doesn t |doesnt )?wants? ${YOU} (?:here|around|in (?:our|the) group) | not welcome here | leave us alone | get lost `,
  ),
  e(
    'exclusion',
    'strong',
    'english',
    ` (?:don t|dont|do not) (?:come|sit with us|talk to us|join us) (?:here|anymore|again|with us)? ?$`,
  ),
  e('exclusion', 'insult', 'english', ' go away | nobody cares '),
  e('abuse', 'insult', 'english', ' shut up | nobody asked | shut it '),
  e('exclusion', 'strong', 'english', ' get out of (?:our|this|the) (?:group|team|class|chat) '),
  // ── English: insults and weak words ──────────────────────────────────────────────────────
  e(
    'abuse',
    'insult',
    'english',
    ' (?:ugly|stupid|dumb|dumbass|idiot|idiots|loser|losers|moron|trash|worthless|pathetic|disgusting|gross|shit|sucks|suck|crap|lame|cringe|noob|freak|fat|pig|fatso|fatty|stoopid|stupit|dumbo|weirdo|creep)(?= )',
  ),
  e('abuse', 'weak', 'english', ' (?:boring|bad|terrible|awful|worst|weird) '),
  // ── Threats without a violent verb: blackmail, a beating announced, a school attack ───────
  e(
    'threat',
    'strong',
    'english',
    ` (?:do (?:what|as) i (?:say|tell (?:you|u))|(?:send|pay|give) (?:me|it)(?: [a-z]+){0,3}) or (?:else )?(?:i ll |ill |i will |im gonna |im gonna )?(?:post|send|show|leak|share|spread|upload|forward) | (?:i ll|ill|i will|gonna|im gonna|im gonna) (?:post|send|show|leak|share|spread|upload|forward) (?:the|ur|your|those|these|them|it|all|ur nudes|your nudes)(?: [a-z]+){0,3} (?:to|on|in|with) (?:the )?(?:whole|entire|everyone|everybody|all|ur|your|the) | (?:the )?(?:whole|entire) (?:grade|year|school|class|form) (?:sees|will see|see|gets|will get|get) (?:them|it|the|ur|your|these|those) `,
    ' (?:pics|photos|pictures|screenshots|screenshot|screenies|video|vids|videos|nudes|chats|messages|texts|dms) ',
  ),
  e(
    'threat',
    'strong',
    'english',
    ` ${YOU_ARE} (?:getting|gonna get|going to get|about to get|so getting) (?:battered|jumped|beaten(?: up)?|smashed|merked|rushed|bodied|stabbed|shanked|decked|punched|wrecked|done in|sorted out) | ${YOU} (?:can t|cant|cannot) hide (?:forever|from (?:me|us)) | (?:shooting|shoot up|bomb|bombing|massacre|attack) (?:at|in|on|up) (?:this|the|our|my|ur|your) (?:school|class|classroom) | (?:bring|bringing|brought|taking) (?:something|a gun|a knife|a weapon|a bomb|my (?:dad s|mom s|mum s|brother s|uncle s) (?:gun|knife)) (?:to|into|in) (?:school|class) | ${WILL} (?:break|snap|crush|smash) (?:every|all|each|all of) (?:the )?(?:bone|bones|finger|fingers|tooth|teeth) | ${WILL} (?:smash|bash|slam|ram|shove|stamp on|kick) (?:[a-z]+ s|his|her|their|zname s) (?:[a-z]+ )?(?:head|face|teeth|nose) | ${YOU_ARE} next(?! in| to| up| on the| for the| turn)(?: [a-z]+){0,2} $`,
  ),
  // ── Japanese: blackmail, a beating arranged, masked 殺す ─────────────────────────────────────
  e(
    'threat',
    'strong',
    'kana',
    '(?:ばらまかれ|ばら撒かれ|晒され|さらされ|拡散され|かくさんされ|ばらされ|流され|ながされ|見せられ|みせられ)(?:たく|とう)(?:なかったら|なければ|ないなら|なけりゃ|なきゃ)|(?:写真|しゃしん|動画|どうが|画像|がぞう|すくしょ|ちゃっと|とーく)[^。！？!?]{0,10}?(?:ばらま|ばら撒|晒|さら(?:す|し|さ)|拡散|かくさん|流す|ながす)[^。！？!?]{0,10}?(?:なかったら|ないと|いやなら|嫌なら|ければ|けりゃ|ないなら)',
  ),
  e(
    'threat',
    'strong',
    'kana',
    '(?:家|いえ|うち|住所|じゅうしょ)(?:の場所|のばしょ)?(?:は|も|くらい)?(?:知っ|しっ)(?:てる|とる|てん|てい|とん)[^。！？!?]{0,12}?(?:行|い)(?:ったろ|ってやろ|ったる|くから|くで|くぞ|こか|こうか)',
  ),
  e(
    'threat',
    'strong',
    'folded',
    '(?:〆|シメ)(?:て|たる|たろ|てやる|てもら)|(?:で|を|お前|おまえ|あいつ|てめえ|てめー)(?:○|〇|◯|●|×|✕|\\*){1,2}す(?=$|[。！!]|ぞ|から|わ|ね|よ|し)',
  ),
  e(
    'threat',
    'strong',
    'compact',
    '(?<![ぁ-ゖ])ころす(?=$|[。！!]|ぞ|から|わ|ね|よ|し|まじ)',
    '',
    '虫|むし|蚊|か(?:を|も)|ごきぶり|菌|きん|うぃるす|雑草|ざっそう|げーむ|きゃら|ぼす|時間|じかん|息|いき|気配|けはい',
  ),
  // ── English: racism, looks, smells, family jibes, work called a child's ───────────────────
  e(
    'abuse',
    'strong',
    'english',
    ` (?:^ |just |u should |you should |why dont (?:you|u) |why don t (?:you|u) |pls |please |then |so |lol )go back to (?:china|japan|korea|india|africa|mexico|pakistan|poland|russia|vietnam|the philippines|where (?:you|u) (?:came|come) from) | (?:your|ur) own (?:country|kind) | go home (?:to|back to) (?:your|ur) (?:country|own country) `,
  ),
  e(
    'abuse',
    'insult',
    'english',
    ' (?:she|he|u|you|zname|[a-z]+ s face|her face|his face|ur face|your face) (?:looks|look|smells|smell|sounds|sound)(?: [a-z]+){0,2} like (?:a |an |the )?(?:horse|pig|cow|rat|monkey|gorilla|whale|hippo|goblin|troll|potato|toad|ogre|garbage|trash|rubbish|poo|shit|sewage|a bin|bin|dump|dog|donkey|witch|zombie) | (?:ur|your|yo|zname s|his|her) (?:mom|mum|mama|momma|dad|mother|father|family) (?:is )?so (?:fat|ugly|broke|poor|dumb|stupid|old|smelly) | (?:ur|your|his|her) (?:dad|mom|mum|father|mother|parents) left (?:cos|because|cause|coz|bc|cuz) | (?:did|could|can) (?:a |an |my )?(?:[0-9]+|three|four|five|six|little|baby) (?:year old|yr old|brother|sister|toddler|kid) (?:make|do|draw|write|made|drew|wrote|do better) | (?:a |an )?(?:[0-9]+|five|six) (?:year old|yr old) (?:could|would) (?:do|make|draw|write) (?:this|it|better) | put a bag (?:on|over) (?:ur|your|her|his) (?:head|face) ',
  ),
  e(
    'abuse',
    'insult',
    'english',
    ' (?:minger|muppet|nonce|numpty|pillock|plonker|wanker|tosser|bellend|melt|thicko|mong|spaz|retard|retarded)(?= )',
  ),
  e(
    'abuse',
    'insult',
    'english',
    ` ${YOU_ARE} (?:actually |so |proper |well |literally )?(?:thick|dense|brain ?dead|braindead|a waste of space|a waste of oxygen) `,
  ),
  // ── Japanese: looks and smells aimed at someone, origin, a name made an insult ─────────────
  e(
    'abuse',
    'strong',
    'kana',
    '(?:はーふ|外人|がいじん|外国人|がいこくじん)(?:の)?くせに|(?:自分の|じぶんの)?(?:国|くに)に(?:帰れ|かえれ|帰りな|かえりな|帰って(?:くれ|ほしい))',
  ),
  e(
    'abuse',
    'insult',
    'kana',
    '(?:声|こえ|顔|かお|しゃべり方|喋り方|笑い方|わらいかた|歩き方|あるきかた|字|絵)(?:が|も|は)?(?:きもすぎ|きもい|きしょい|きしょ|うざすぎ|きたなすぎ)|(?:見る|みる|見た|みた)だけで(?:目|め)が(?:くさ|腐)|(?:頭|あたま)(?:が)?(?:おかしい|おかしー|おかしすぎ|わるすぎ|悪すぎ)(?!くなり|くなる)|(?:小学生|しょうがくせい|幼稚園児|ようちえんじ|園児|赤ちゃん|あかちゃん|猿|さる)(?:の方|のほう|でも)が?(?:まし|上手|じょうず|うまい|まともな)|ちー牛|ちーぎゅう|顔面偏差値(?:[0-9]{1,2}|ひく|低)|しゃべんな(?=$|[。、！!]|や|よ|って)|喋んな',
  ),
  e(
    'abuse',
    'insult',
    'kana',
    '^(?:でぶ|ぶす|ぶさいく|はげ|きも|くさ|ばか|あほ|ごみ|うんこ)(?:の|な)[ぁ-ゖァ-ヺ一-龠]{2,5}$|[ぁ-ゖァ-ヺ一-龠]{2,5}(?:は|って)(?:うんこ|うんち|ごみ|くず|かす|ぶた|でぶ|ぶす)(?=$|[。！!w ])',
    '',
    '燃える|もえる|ごみの日|分別|ぶんべつ|収集|拾|ひろ|捨て|すて|ぶたにく|豚肉|トイレ|といれ|犬|いぬ|猫|ねこ',
  ),
];

/** Words that aim a text at someone: an insult with one of these is a finding. */
export const DIRECTED_JA =
  /じやね(?:ー|え)?(?:の|か)|じやないの|でしやばんな|いきんな|調子(?:に)?(?:乗|の)(?:んな|るな)|黙れ|だまれ|お前|おまえ|てめえ|てめ|貴様|きさま|あんた|おめえ|こいつ|あいつ|そいつ|あのこ|あの子|あの女|あの男|[ぁ-ゖ\p{Script=Han}](?:くん|ちやん|さん|君)/u;
export const DIRECTED_EN = / (?:you|u|ya|your|ur|youre|yours|urself|yourself) /u;
/** Aimed at the reader through an order or at their work (read on the `kana` form). */
export const DIRECTED_KANA =
  /話しかけ(?:ないで|んな|るな)|(?:すん|する|来ん|くん|見ん|みん|しゃべん|喋ん)な(?=$|[。、！!よ])|(?:やり直|やりなお|出直|でなお|書き直|かきなお)せ|本人|[ぁ-ゖァ-ヺ一-龠]{2,6}の(?:でぶ|ぶす|ばか|あほ|はげ|ちび|きも)|(?:こっち|こちら)(?:を)?(?:見|み)(?:んな|るな|ないで)|(?:みたいな|並みの|なみの|れべるの|以下の|いかの)(?:作品|さくひん|発表|はっぴょう|絵|文章|文|歌|字|声|顔|かお|演奏|動画|感想|意見|やつ|奴|性格|ぷれー)|の(?:せい|所為)で/u;
/** Words that say nothing about who is meant: "ugly af lol" is the insult alone. */
export const FILLERS_EN =
  / (?:lol|lmao|lmfao|af|asf|tbh|fr|omg|haha+|ha|xd|bruh|bro|smh|ngl|rn|so|really|very|literally|just|totally|such|kinda|like|is|are|was|looks?) /gu;
