import { any, cues, entry as e, type CueSet, type ScreenEntry } from './entries';

/**
 * Exclusion and organised ignoring aimed at someone (issue 26), kind `exclusion`, strong. Built
 * from structure, not from sentences: someone (a name, a pronoun, あの子, 転校生, him/her, a
 * capitalised name) + a particle + an act of leaving them out, said as an order, a proposal or a
 * decision (遊ぶな, 無視しよう, ハブろう, 仲間外れにしよう, 話すの禁止, 誘わないでおこう, "nobody
 * sit with her", "leave Sam out", "kick him out").
 *
 * The same verbs about things, rules or advice pass: 川で遊ぶな (a place, で), 知らない人と話すな
 * (safety advice), 5番は無視していい (a question), 仲間外れにするのはよくない (no order), ハブ空港,
 * "ignore the typo", "don't talk to strangers".
 *
 * Japanese patterns read the `kana` form (natural hiragana, so ゆうととは keeps both と);
 * English ones read the `named` form (capitalised names inside a sentence written `zname`).
 */

// ── Japanese ───────────────────────────────────────────────────────────────────────────────
/** Pronouns and words for a person pupils leave out. */
const PERSON_JA = any(
  'あいつ(?:ら)?',
  'こいつ(?:ら)?',
  'そいつ(?:ら)?',
  'あの子(?:たち)?',
  'あのこ',
  'あの人',
  'あのひと',
  'あの女',
  'あの男',
  'あの(?:ぶす|でぶ|くず|かす|がり勉|陰きゃ)',
  'お前',
  'おまえ',
  'あんた',
  'てめー',
  'てめえ',
  '転校生',
  'てんこうせい',
  '新入り',
  '[一-龠々ぁ-ゖ]{1,5}(?:さん|くん|君|ちゃん|ちん|っち)',
);
/** Someone the advice is about, not a classmate: 知らない人と話すな. */
const GENERIC_JA =
  '(?<!知らない人|しらない人|知らないひと|他人|不審者|怪しい人|あやしい人|大人|見知らぬ人|ねっとの人|ネットの人|変な人|へんな人|悪い人|わるい人|悪い友達|わるい友達|危ない人|あぶない人|動物|犬|猫|火|川|海|池)';
/** With someone: と, とは, とも, and 一緒に. */
const WITH = `${GENERIC_JA}(?:と|とは|とも)(?:もう|絶対|ぜったい|二度と|にどと|一緒に|いっしょに|誰も|だれも|みんな|全員|今日から|明日から|これから|きょうから|あしたから)*`;

/** Common family names, for a person named without さん/くん (佐藤のこと無視ね). */
const SURNAMES =
  '佐藤|鈴木|高橋|田中|伊藤|渡辺|山本|中村|小林|加藤|吉田|山田|佐々木|山口|松本|井上|木村|斎藤|清水|山崎|池田|橋本|阿部|石川|山下|中島|石井|小川|前田|岡田|長谷川|藤田|後藤|近藤|村上|遠藤|青木|坂本|福田|太田|西村|藤井|岡本|藤原|中野|三浦|原田|中川|松田|竹内|小野|田村|中山|和田|石田|森田|上田|内田|柴田|酒井|宮崎|横山|高木|安藤|宮本|大野|谷口|今井|工藤|高田|丸山|村田|大塚|新井|平野|上野|野口|武田|松井|千葉|木下|野村|市川|菊地|杉本|島田|水野|桜井|西田|小松|北村|安田|川口|本田|樋口|秋山|永井|吉村|星野|矢野|松下|小池|野田|荒木|大谷|黒田|望月';
/**
 * Someone, for acts that may also be about things (無視, スルー, 避ける, 外す): a pronoun or a
 * name with さん/くん, X のこと, a family name, or a hiragana name of two to four letters right
 * before a particle (りさのこと, そうすけの, たくみが). Read in the folded form, where katakana
 * words (ノイズ, エラー) stay katakana and are not taken for names.
 */
const SOMEONE = any(
  PERSON_JA,
  `(?:${SURNAMES})(?:さん|くん|君|ちゃん)?`,
  '[ぁ-ゖァ-ヺ一-龠]{1,6}の(?:こと|事)',
  // Not inside a word: no kanji or katakana before, and a hiragana before only if it is a
  // particle (みんなでたかしを, 今日からりなは).
  '(?<![一-龠ァ-ヺ])(?<!(?<![でもらはがにとへ])[ぁ-ゖ])(?!この|その|あの|どの|これ|それ|あれ|ここ|そこ|みんな|だれ|なに|いつ|あした|あす|きょう|きのう|あさって)[ぁ-ゖ]{2,4}(?=と|とは|は|を|が|の|抜き|ぬき|だけ|には|から)',
);
/** Said as an order, a proposal, a decision or something done together. */
const MOOD = any(
  'みんな',
  '皆',
  '全員',
  '誰も',
  'だれも',
  '今日から',
  '明日から',
  'これから',
  'ずっと',
  'ことに(?:し|決め)',
  'ってことで',
  '決定',
  '確定',
  'けってい',
  '(?:よう|ろう|こう|そう|ぼう|しよ|もらお|やろ|いこ)(?=$|[、。！!？?よぜねか〜w])',
  'から(?=$|[、。！!）)])',
  '[ねな](?=$|[、。！!？?w♪〜])',
  'で(?=$|[、。！!w])',
  'こと[！!]',
  '(?:と|て)いた',
  'ておいた',
  'やめよ',
  '禁止',
  '言っといて',
  '伝えといて',
  'よな[？?]',
  '扱い',
);
/** An act about a thing, undone, suffered or judged: 無視されたら, 仲間外れにするのはよくない. */
const NOT_DONE =
  '(?!さ|され|られ|に(?:され|しない|するの|すること)|しない|しちゃ|するの|すること(?:は|が)|はよくない|は(?:だめ|いじめ))';
/** Being with someone (dictionary form and the stem before ない). */
const SOCIAL = any(
  '遊[ぶば]',
  'あそ[ぶば]',
  '話[すさ]',
  'はな[すさ]',
  'しゃべ[るら]',
  '喋[るら]',
  '口(?:を)?(?:きく|きか|聞く|聞か)',
  '関わ[るら]',
  'かかわ[るら]',
  '絡[むま]',
  'から[むま]',
  'つる[むま]',
  '仲良く(?:する|し)',
  'なかよく(?:する|し)',
  '(?:一緒|いっしょ)に(?:い[るら]|帰[るら])',
  '帰[るら]',
  '近づ[くか]',
  'ちかづ[くか]',
  '近寄[るら]',
  '目を合わせ',
  '組[むま]',
  'くま(?=ない|な$)',
  'ぺあ(?:に|を)?(?:なら|組ま|くま)',
);
/** An order, a proposal or a decision not to (な, ないでおこう, の禁止). */
const DONT = any(
  'な(?![らのんいがくどさ])',
  'んな',
  'ないで(?:ね|よ|おこ|おく|いい|$|[、。！!])',
  'ないこと(?:に(?:しよ|する|決定))?(?!は|が|を|も)',
  'ない(?:ように|ようにしよ)',
  'ない(?:ほう|方)がいい',
  'ない(?:約束|やくそく|ってことで)',
  'の(?:は)?(?:禁止|きんし|なし|やめ|だめ)',
  // Kansai and western Japan: 組まんとこ, 話さんといて, 遊ばへんように.
  '(?:ん|へん)(?:とこ|といて|とき|ように|でおこ|で(?:な|ね|ええ)(?=$|[、。！!w]))',
);
/** The forms that make 無視 / しかと / はぶ an order or a decision. */
const DECIDE = any(
  'しよ(?!うと(?:する|した|して))',
  'しろ',
  'しようぜ',
  'な(?=$|[、。！!よw])',
  'ね(?=$|[、。！!w])',
  'で(?=$|[、。！!w]|いい|ok|よろ|決定)',
  '決定',
  'けってい',
  '確定',
  'する(?:ぞ|から|わ|こと(?![はがをも])|って)',
  'しと(?:こ|け)',
  'しておこ',
  'しといて',
  'されろ',
);
/** Together: みんなで, 全員, 明日から … */
const TOGETHER = any(
  'みんな(?:で|も)',
  '皆で',
  '全員(?:で)?',
  'くらす(?:全員|みんな)?で',
  '今日から',
  'きょうから',
  '明日から',
  'あしたから',
  'これから',
  'ずっと',
);

export const EXCLUSION_ENTRIES: readonly ScreenEntry[] = [
  // X とは遊ぶな / X と話すの禁止 / X とは口きかないことにしよう / X とはもう関わるな
  e('exclusion', 'strong', 'kana', `${WITH}(?:${SOCIAL})${DONT}`),
  // X と話したら仲間外れ / X としゃべったやつも無視
  e(
    'exclusion',
    'strong',
    'kana',
    `${WITH}(?:話|はな|しゃべ|喋|遊|あそ|仲良く|なかよく|絡|から)[^。！？!?]{0,8}?(?:やつ|奴|人|ひと|者)?も?(?:無視|むし|しかと|はぶ|仲間外れ|仲間はずれ|なかまはずれ)`,
  ),
  // 無視 aimed at a person: あいつ/Xくん/Xのこと, or 今日から/みんなで … 無視しよう
  e(
    'exclusion',
    'strong',
    'kana',
    `${PERSON_JA}(?:の(?:こと|事))?(?:は|を|も)?(?:もう)?(?:無視|むし)${DECIDE}`,
  ),
  e(
    'exclusion',
    'strong',
    'kana',
    `[ぁ-ゖ一-龠]{1,6}(?:の(?:こと|事))(?:は|を|も)?(?:みんなで|全員で)?(?:無視|むし|しかと)${DECIDE}`,
  ),
  e('exclusion', 'strong', 'kana', `${TOGETHER}[^。！？!?]{0,12}?(?:無視|むし|しかと)${DECIDE}`),
  // A hiragana name (りな, たかし) as the one to ignore: りなは無視で (katakana words such as
  // ノイズ or エラー are things more often than people, and stay out).
  e(
    'exclusion',
    'strong',
    'folded',
    `(?:^|[\\s、。！!？?]|から|で|も)(?!この|その|あの[^子人])[ぁ-ゖ]{2,5}(?:は|を)(?:もう)?(?:無視|むし)${DECIDE}`,
  ),
  // シカト and ハブ are always about a person.
  e('exclusion', 'strong', 'kana', `しかと${DECIDE}|しかと(?:しよ|しろ|決定)`),
  e(
    'exclusion',
    'strong',
    'kana',
    'はぶ(?:ろう|ろ(?=$|[、。！!w\\s])|ろうぜ|る(?:ぞ|わ|か|こと|から|って)|られろ|けてい|決定|確定|にしよ)',
  ),
  e(
    'exclusion',
    'strong',
    'folded',
    'ハブ(?:ね|な|で(?:いい|よろ|決定|OK|ok)?|決定|確定|けってい|る|ろ|ら|っ|に)(?=$|[、。！!w\\s]|いい|ぞ|よ|う|ぜ|て|た)',
  ),
  // 仲間外れにしよう / 仲間外れだから / 仲間外れ決定
  e(
    'exclusion',
    'strong',
    'kana',
    '(?:仲間|なかま)(?:外|はず)れ(?:に(?:しよう?(?!と(?:する|した|して|しな))|しろ|する(?:ぞ|から|わ|か|こと(?![はがをも])|って)|してやる|しと|決定)|だから|だよ|ね(?=$|[、。！!w])|な(?=$|[、。！!])|決定|けってい|確定|で(?:いい|よろ|決定)?(?=$|[、。！!w\\s]))',
  ),
  // Out of the group: グループから外そう, 班に入れないでおこう, 班から抜けろ
  e(
    'exclusion',
    'strong',
    'kana',
    '(?:ぐるーぷ|ぐる|班|はん|ちーむ|部活|仲間|輪|らいん|line|ぐるちゃ|くらす)(?:から|に|には|へ)(?:は)?(?:外そ|はずそ|外せ|はずせ|外して|はずして|抜けろ|ぬけろ|抜けて(?:よ|ほしい|くれ)?|出てけ|でてけ|出ていけ|出てって|でてって|出ていって|追い出|おいだ|入れない(?:で|ように|こと)|いれない(?:で|ように|こと)|入れるな|いれるな|入れてやらない|呼ぶな|よぶな)',
  ),
  // Not inviting: Xだけ誘わないでおこう, X を誘うのはなし
  e(
    'exclusion',
    'strong',
    'kana',
    '(?:誘|さそ|呼|よ)(?:わない|ばない)(?:で(?:おこ|おく|いい|ね|よ)|ように|ことにしよ)|(?:誘|さそ|呼|よ)(?:う|ぶ)(?:の|のは)(?:なし|禁止|きんし|やめ)|(?:誘|さそ)うな(?=$|[、。！!よ])',
  ),
  // Nobody to answer, sit near or like them: 誰も相手にするな, Xの近くに座るな, Xの投稿にいいねするな
  e(
    'exclusion',
    'strong',
    'kana',
    '相手に(?:するな|すんな|しないで(?:おこ|ね|いい)|しない(?:ように|ことに))|の(?:近く|ちかく|隣|となり|横|よこ|前|後ろ)に(?:は)?(?:誰も|だれも)?(?:座|すわ)(?:るな|んな|らないで)|の(?:投稿|とうこう|ぽすと|作品|さくひん|発表|こめんと)に(?:は)?(?:いいね|こめんと|反応|返信)(?:する|し)?(?:な(?=$|[、。！!よ])|ないで|ないこと|ないように)',
  ),
  // Not needed, left behind, run from: Xは誘わなくていい, あいつ抜きで遊ぼう, Xが来たら逃げよう.
  e(
    'exclusion',
    'strong',
    'kana',
    `(?:誘|さそ)わなくて(?:いい|ok|よし)|${PERSON_JA}(?:抜き|ぬき|以外|いがい|なし)で|(?<![ぁ-ゖ])[ぁ-ゖ]{2,4}(?:さん|くん|ちゃん)?(?:抜き|ぬき)(?:で|の)(?:ぐるーぷ|ぐる|班|line|らいん|遊|あそ|行|い|会|帰|かえ)|(?:が|は)(?:来|き|入ってき|はいってき|い)たら[^。！？!?]{0,6}?(?:逃げよ|にげよ|無視|むし|帰ろ|かえろ|離れよ|はなれよ|どっか行こ|しかと|隠れよ|かくれよ|退出|たいしゅつ|抜けよ|ぬけよ|出よ|でよ)|(?:お前|おまえ|あんた|あいつ|こいつ)[^。！？!?]{0,8}?(?:席|居場所|いばしょ|場所)(?:は|なんて|なんか)?(?:ない|ねー|ねえ)|(?:同じ|一緒の|いっしょの)(?:班|はん|ぐるーぷ|ちーむ)(?:とか|は|なんて)?(?:無理|むり|やだ|いや|嫌)|(?:誰も|だれも|みんな)[^。！？!?]{0,6}?(?:座り|すわり|遊び|あそび|話し|はなし|組み|くみ|一緒にい|帰り|かえり)たくない`,
  ),
  // Left out of a plan kept from them (かなには言わないでね。来られたら最悪), ignored as a group
  // (全員ミュートね), treated as not there (いないものとして扱う), cut from a group (れんを抜きにした).
  e(
    'exclusion',
    'strong',
    'kana',
    '(?:には|にだけは|には絶対)(?:何も|なにも)?(?:言わないで|いわないで|教えないで|おしえないで|言わんとこ|いわんとこ|教えんとこ|おしえんとこ|内緒|ないしょ|秘密|ひみつ)',
    '(?:来|こ|き)(?:られたら|たら|ると)[^。]{0,6}?(?:最悪|さいあく|嫌|いや|やだ|面倒|めんどう|めんどい|空気|だるい|台無し)|遊|あそ|打ち上げ|うちあげ|誕生日会|ぱーてぃ|集まり|あつまり|行く日|いく日',
  ),
  e(
    'exclusion',
    'strong',
    'kana',
    '(?:全員|みんな|皆)(?:で)?(?:みゅーと|ぶろっく|既読無視|既読するー|未読無視)(?:ね|な|しよ|で|決定)?(?=$|[、。！!w])|いない(?:もの|人|ひと|こと)(?:として|扱い)|(?:を|は)(?:抜き|ぬき|外し|はずし)に(?:した|して|しよ)|(?:無視|むし|しかと)し隊|(?:無視|しかと)同盟|(?:空気|くうき)(?:が)?(?:悪く|わるく)なる(?:から|し)',
    '',
    '問題|もんだい|素数|そすう|答え|こたえ',
  ),
  // Nobody in someone's group or seat: さとしの班にはだれも入らないように.
  e(
    'exclusion',
    'strong',
    'kana',
    '[ぁ-ゖ一-龠]{1,6}(?:さん|くん|ちゃん)?の(?:班|はん|ぐるーぷ|ちーむ|席|せき|隣|となり|近く|ちかく)(?:に|には|へ)(?:は)?(?:誰も|だれも)(?:入|はい|座|すわ|行|い)(?:らない|かない)(?:で|ように|こと)',
  ),
  // Kept out of a group: ゆきは入れないで (with グループ / 班 in the message), クラスにいらない.
  e(
    'exclusion',
    'strong',
    'kana',
    '(?:は|を|だけ)(?:入れ|いれ|誘わ|さそわ)(?:ない(?:で|ように|ことに|約束|でおこ)|(?:ん|へん)(?:とこ|といて|ように))',
    'ぐるーぷ|ぐる|班|はん|ちーむ|仲間|なかま|めんばー|らいん|line|部活|くらす',
  ),
  e(
    'exclusion',
    'strong',
    'kana',
    '(?:くらす|班|ぐるーぷ|ちーむ|部活|学校|うち)(?:に|には)(?:は)?(?:いらない|いらん|要らない|必要ない)|(?:誰も|だれも|みんな)(?:近づく|ちかづく|近寄る|ちかよる|話しかける|はなしかける|関わる|かかわる|相手にする|しゃべる|喋る|話す|遊ぶ)(?:な|んな)(?![らのいがく])',
  ),
  // Acts that are always about a person (仲間外れ, いない人扱い, 別行動, 絶交, 組むやつ…), said as
  // an order or decision, or with the person named.
  e(
    'exclusion',
    'strong',
    'folded',
    `(?:(?:仲間|なかま)(?:外|はず)れ|しかと|シカト|絶交|ぜっこう|いない(?:人|ひと|もの)扱い|空気扱い|くうき扱い|空気(?:だと|と)(?:思|おも)|いない(?:と|ものと)(?:思|おも)って|既読無視|未読無視|別行動|べつこうどう|(?:組|く)むやつ(?:いない|いね)|(?:誘|さそ)(?:わな|うのやめ)|相手にしな|(?:外|はず)し(?:と|てお)いた|追い出|おいだ|(?:入|い)れて(?:やんない|やらない|やらん|あげない|あげん)|ハブ(?!空港|酒|とマングース)|はぶ(?=ろ|る|られろ|った|いた|け))${NOT_DONE}`,
    `${MOOD}|${SOMEONE}`,
    '問題|もんだい|素数|そすう|どれ[？?]|を(?:探|さが)す|を見つけ|答え|こたえ',
  ),
  // With someone, from now on, no more: 明日から、ひまりとは一緒に帰らない.
  e(
    'exclusion',
    'strong',
    'kana',
    `${WITH}(?:${SOCIAL})ない(?=$|[、。！!]|(?:って|と|ことに)(?:決め|きめ|し(?:た|よ)))`,
    '今日から|明日から|これから|もう|二度と|みんな|全員',
  ),
  // Not talking to, calling, sitting with or listening to someone, said as a rule: あいつには声か
  // けないでおこう, ゆなの席には誰も行かないでね, 転校生の話は聞かなくていい, 誰も組むなよ.
  e(
    'exclusion',
    'strong',
    'folded',
    '(?:来(?=なくて)|こ(?=なくて)|話|はな|しゃべ|喋|遊|あそ|声かけ|声を?かけ|こえかけ|話しかけ|はなしかけ|誘|さそ|呼|組|く(?=ま|む)|入れ|いれ|構|かま|相手にし|仲良くし|近づ|近寄|行|い(?=か)|聞|き(?=か)|座|すわ|返事し|返信し|いいねし|教え|おしえ|書か|かか)(?:[さらばまかわ]?(?:ん|へん)(?:とこ|といて|ように)|[さらばまかわ]?ない(?:で(?:おこ|おく|ね|よ|いい|$|[、。！!])|こと(?:[！!]|に(?:しよ|した|決)|$)|ように)|[さらばまかわ]?なくて(?:いい|ok)|[さらばまかわ]?ない(?:から|し)(?=$|[、。！!）)])|(?:す|る|む|く|ぶ|う|つ)な(?=$|[、。！!よ])|んな(?=$|[、。！!よ]))',
    `${SOMEONE}`,
  ),
  e(
    'exclusion',
    'strong',
    'folded',
    '(?:一人|ひとり)で(?:帰|かえ|食べ|たべ|行|い|やっ|座|すわ)(?:って|れ|りな|な)',
    `^(?=[\\s\\S]*(?:${SOMEONE}))(?=[\\s\\S]*(?:今日から|明日から|これから|ずっと|みんな|誰も))`,
  ),
  // No longer a friend or one of us; left on their own: えみは今日から仲間じゃない, あいつだけ一人にしよ.
  e(
    'exclusion',
    'strong',
    'folded',
    '(?:仲間|なかま|友達|ともだち|友だち|メンバー|グループ|ぐるーぷ|班|チーム|ちーむ)(?:じゃ|では)(?:ない|ねー|なくな)|だけ(?:一人|ひとり|別)に(?:しよ|する|して|ね)',
    `^(?=[\\s\\S]*(?:${SOMEONE}))(?=[\\s\\S]*(?:${MOOD}|から$))`,
  ),
  // Acts that may be about a thing (無視, スルー, 避ける, 外す, 逃げる, 席移動): a person and a mood.
  e(
    'exclusion',
    'strong',
    'folded',
    `(?:無視|むし(?![ろばさ])|スルー|するー|避け|さけ(?=よ|ろ|て|る)|外し|はずし|外そ|はずそ|外せ|はずせ|逃げよ|にげよ|席移動|ブロック|ぶろっく)${NOT_DONE}`,
    `^(?=[\\s\\S]*(?:${SOMEONE}))(?=[\\s\\S]*(?:${MOOD}))`,
  ),
  // Without someone, for a plan or a group: みゆ抜きで (with グル / 打ち上げ / 遊ぼ in the message),
  // leaving someone behind on purpose (ゆいだけ置いていこ), everyone leaving when they come.
  e(
    'exclusion',
    'strong',
    'kana',
    '(?<![ぁ-ゖ])[ぁ-ゖ]{2,4}(?:さん|くん|ちゃん)?(?:抜き|ぬき|以外|いがい)で',
    'ぐるーぷ|ぐる|line|らいん|打ち上げ|うちあげ|遊|あそ|行こ|いこ|班|はん|会|かい|帰|かえ|ちゃっと|部屋|へや',
  ),
  e(
    'exclusion',
    'strong',
    'kana',
    'だけ(?:置いて|おいて|残して|のこして)(?:いこ|こ(?=な|う|$|[、。！!w])|く(?:で|ぞ)|帰ろ|かえろ)|(?:が|は)(?:来|き)たら(?:みんな|全員|皆)(?:で)?[^。！？!?]{0,8}?(?:行く|いく|移動|いどう|抜ける|ぬける|出る|でる|離れる|はなれる)',
  ),
  // ── English ──────────────────────────────────────────────────────────────────────────────
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:anyone|anybody|whoever|someone|somebody) (?:who |that )?(?:talks?|sits?|hangs?(?: out)?|plays?|is friends|goes) (?:to|with) (?:him|her|them|zname) (?:is|s|will be|gets) (?:out|next|kicked|dead to us|not one of us) | if (?:he|she|they|zname) (?:sits|comes|joins|shows up|turns up)(?: [a-z]+){0,5} (?:we|everyone) (?:all )?(?:move|leave|go|get up|walk off|switch) | act (?:like|as if) (?:he|she|they|zname) (?:is|s|are|re) invisible | (?:nobody|no one|noone) (?:pick|picks|choose|chooses|partner|partners|pair|pairs|work|works)(?: with)? (?:this|that|the new) (?:guy|girl|kid|boy|loser|weirdo) `,
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:nobody|no one|noone|no1|don t|dont|do not|never|lets all|let s all|lets|let s|everyone|everybody|we should all|we should|y all|yall|guys|pls|please)(?: not)? (?:sits? with|sit next to|sit near|talks? to|talk with|play with|hang out with|hang with|be friends with|invite|pick|choose|reply to|text|add|follow|unfollow|block|ignore|let|include|ask|avoid|exclude|ditch|ghost|partner with|team up with|work with|pair with|group with) (?:him|her|them|(?:that|the) (?:[a-z]+ )?(?:kid|girl|boy|guy|weirdo|loser|freak|student|one)|zname) (?!know|win|finish|borrow)`,
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:leave|leaving|kick|kicking|keep|keeping|throw|vote|voting|boot|cut) (?:him|her|them|that (?:kid|girl|boy|guy)|the new (?:kid|girl|boy|guy)|zname) out `,
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` if (?:you re|youre|ur|u r|you are|u re) (?:friends|hanging out|talking|sitting) with (?:him|her|them|zname) (?:you re|youre|ur|u r|you are|u re) not | leave (?:him|her|them|zname|(?:his|her|their|zname s) (?:messages?|comments?|texts?|posts?)) on (?:read|seen|delivered) | (?:left|leave|leaving|kept|keep) (?:him|her|them|zname) out | (?:more fun|better|nicer) without (?:him|her|them|zname) `,
  ),
  // A decision already taken: "we're not inviting Ben anymore", "tell her she's not welcome".
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:(?:we re|were|we are|we|im|im|i am) (?:not|never|no longer)|nobody s|nobody is|no one s|no one is) (?:inviting|including|letting|talking to|sitting with|playing with|picking|choosing|hanging out with|hanging with|waiting for|saving a seat for) (?:him|her|them|zname) (?:to |in |anymore|again|ever|$)| (?:she s|shes|he s|hes|they re|theyre|she is|he is|they are|zname is|zname s) not (?:welcome|wanted|invited)(?: |$)`,
    '',
    ' (?:because|cos|cuz) (?:he|she|they|zname) (?:is|s|re|are) (?:sick|ill|away|busy|on holiday|on vacation) ',
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:he|she|they|zname|that (?:kid|girl|boy|guy)|the new (?:kid|girl|boy|guy)) (?:is|s|are|re|isn t|isnt|aren t|arent) (?:not )?(?:allowed|welcome|invited) (?:at our|in our|with us|here|to (?:sit|join|play|come)|anymore) `,
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:not|stop being|no longer) friends with (?:him|her|them|zname)| unfriend (?:him|her|them|zname) | if (?:you|u) (?:talk to|sit with|hang out with|play with|hang with) (?:him|her|them|zname) (?:you re|youre|ur|u r|you are) (?:out|next|not) `,
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:tell|told|telling|get) (?:everyone|everybody|people|the class|the whole class|all of them|them all) (?:to )?(?:ignore|not talk to|avoid|unfriend|block|leave out|unfollow|stay away from) (?:him|her|them|zname) | (?:can t|cant|cannot|can not|isn t allowed to|is not allowed to|aren t allowed to|not allowed to|is banned from|s banned from) (?:sit|eat|play|hang out|hang|come|be) (?:with us|in our|at our) | (?:group|group chat|gc|groupchat|chat|server|team|club|party) without (?:him|her|them|zname) `,
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` if (?:anyone|anybody|someone|somebody|you|u) (?:talks?|sits?|hangs? out|plays?|hangs?) (?:to|with) (?:him|her|them|zname) (?:they re|theyre|they are|you re|youre|ur|u r|ure) (?:out|next|not) | if (?:he|she|they|zname) (?:comes|joins|shows up|sits|is there) (?:we re|were|we are|we ll|well|im|im) (?:leaving|going|out|moving|gone) | go (?:sit|eat|play) somewhere else | (?:table|group|team|seat) is (?:full|taken) for (?:you|u) | (?:isn t|is not|s not|aren t|are not|isnt) (?:part of|in|on|a member of) (?:our|the) (?:team|group|club|squad|friend group|gc|group chat) (?:anymore|now) | (?:we re|were|we are|we ll|we will|everyone s|everyones|everyone is|everyone will) (?:all )?(?:gonna |going to )?(?:ignore|avoid|leave out|exclude|unfriend|block|ghost) (?:you|u|him|her|them|zname) `,
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:pretend|act like|act as if) (?:him|her|them|he|she|they|zname|(?:that|the) [a-z]+) (?:doesn t|does not|don t|isn t|is not|wasn t|aren t|s not) (?:exist|there|here|real|alive) | (?:not letting|won t let|wont let|don t let|dont let|never let) (?:him|her|them|zname|(?:that|the) (?:[a-z]+ )?(?:kid|girl|boy|guy)) (?:join|sit|play|come|be|hang) | ignore (?:whatever|anything|everything) (?:he|she|they|zname) (?:says|does|posts|writes) | when (?:he|she|they|zname) (?:joins|comes|shows up|talks|sits down|arrives|gets here) `,
    ' (?:everyone|everybody|all|we|let s|lets|guys|nobody|leave|ignore|mute) ',
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:pretend|act like|act as if) (?:him|her|them|he|she|they|zname) (?:doesn t|does not|isn t|is not|s not) (?:exist|there|here) | pretend (?:you|u|we) (?:don t|dont|do not|can t|cant) (?:see|hear|know) (?:him|her|them|zname) | tell (?:everyone|everybody|people|the others|others|the class|them|all) (?:not to|to not|to never) (?:talk to|sit with|play with|hang out with|invite|reply to|text) (?:him|her|them|zname) | (?:you re|youre|ur|you are) not (?:part of|in|a member of) (?:this|our|the) (?:group|team|club|squad|chat|gc) | (?:no one|nobody|noone) (?:is |s )?allowed to (?:play|talk|sit|hang out|be friends) with (?:him|her|them|zname) | (?:stop|quit) (?:talking to|hanging out with|sitting with|playing with|inviting|texting) (?:him|her|them|zname) | (?:not letting|won t let|wont let) (?:him|her|them|zname) (?:join|sit|play|come) `,
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` pretend (?:him|her|them|zname|(?:that|the) [a-z]+) (?:doesn t|does not|don t|isn t|is not|wasn t) (?:exist|there|here|real|alive) | (?:remove|kick|ban|block|delete|drop) (?:him|her|them|zname) (?:from|out of) | tell (?:him|her|them|zname) (?:he|she|they) (?:can t|cant|cannot|isn t allowed to|is not allowed to|s not allowed to|aren t allowed to) | (?:we|nobody|no one) (?:don t |dont |do not |doesn t |doesnt )?wants? (?:him|her|them|zname) (?:on|in|at|with|around) `,
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:nobody|no one|noone) (?:wants|likes) (?:him|her|them|zname) | (?:he|she|they|zname) (?:doesn t|doesnt|does not|don t|dont|do not) belong (?:here|with us|in our) `,
  ),
];

/**
 * Exclusion in words no structure above foresaw: leaving, ignoring, blocking or not inviting,
 * with someone named and a collective or a rule (みんな, everyone, nobody, from now on).
 */
export const EXCLUSION_CUES: readonly CueSet[] = [
  cues(
    'exclusion',
    'named',
    ' (?:stay away from|ignore|ignoring|avoid|avoiding|exclude|excluding|leave out|left out|uninvite|unfriend|unfollow|block|blocking|ghost|ghosting|kick|kicked|ban|banned|not invited|don t invite|dont invite|not allowed|can t come|cant come|can t join|cant join|can t sit|cant sit|out of (?:our|the) group|not welcome|doesn t belong|doesnt belong) ',
    [
      [
        ' (?:him|her|them|he|she|they|zname|the new (?:kid|girl|boy)|that (?:kid|girl|boy|guy)) ',
        0.5,
      ],
      [
        ' (?:everyone|everybody|all of us|we|let s|lets|nobody|no one|guys|y all|yall|from now on|anymore|tomorrow|again) ',
        0.5,
      ],
    ],
    ' (?:typo|noise|spam|ads?|comment|message|email|notifications?|trouble|drill|the ball|door|lights?|bag|rain) ',
  ),
];
