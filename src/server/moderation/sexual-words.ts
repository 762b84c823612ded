import { any, entry as e, type ScreenEntry } from './entries';

/**
 * Sexual solicitation and grooming (issue 26), Japanese and English. Every entry names kind
 * `sexual` and is strong: a learning service for 12–15-year-olds has no ordinary use for a
 * request for body photos, a sexual proposal, secrecy from parents, or a meeting sweetened with
 * money or kept to "just the two of us".
 *
 * Written as structures, not sentences:
 * - a body/undress word, a photo/video word and a request (送って, 見せて, send, show) in one
 *   message, in any order;
 * - a body word with 見せて / 見たい, undressing on camera (服脱いで);
 * - a sexual act word with a proposal or question (しよう, しない？, したことある, wanna have);
 * - secrecy aimed at parents or teachers (親には内緒ね, 先生に言わないで, don't tell your mom),
 *   "our secret", deleting messages so a parent will not see;
 * - a meeting word together with a grooming cue (alone, picked up, money or gifts, age, where
 *   one lives, secrecy);
 * - money or gifts together with photos or meeting.
 *
 * Japanese patterns read the `kana` form (natural hiragana, katakana folded), English ones the
 * `english` form (lower case, words separated by one space, one space at each end).
 */

// ── Japanese building blocks (kana form) ──────────────────────────────────────────────────
/** Nudity, underwear and intimate body parts; 体 only where the context is clear. */
const BODY_JA = any(
  '裸',
  'はだか',
  '全裸',
  'ぜんら',
  '下着',
  'したぎ',
  'ぱんつ',
  'ぱんてぃ',
  'ぶらじゃ',
  'ぶら(?=の|を|は|見|み|写|姿)',
  '(?<!心|度)胸(?!を張|が(?:いっぱい|痛|苦)|キュン)',
  'むね(?=の|を|見|み|写|さわ|触)',
  'おっぱい',
  'ちくび',
  '乳首',
  'お尻',
  'おしり',
  '股',
  '水着',
  'みずぎ',
  '全身',
  'えろい',
  'えっちな',
  'ぬーど',
  'すけすけ',
  '脱いだ',
  'ぬいだ',
);
const PHOTO_JA = any(
  '写真',
  'しゃしん',
  '写め',
  'しゃめ',
  '画像',
  'がぞう',
  '自撮り',
  'じどり',
  '動画',
  'どうが',
  'ぴく',
  'pic',
  'びでお',
  'むーびー',
  '撮っ',
  'とって',
);
const ASK_JA = any(
  '送っ?て',
  'おくっ?て',
  '送れ',
  'おくれ',
  '送ってくれ',
  '見せ',
  'みせ',
  'ちょうだい',
  'ちょーだい',
  '頂戴',
  'ください',
  'ほしい',
  '欲しい',
  'くれ(?:ない|よ|たら|る)',
  '交換',
  'こうかん',
  '撮っ?て',
  '見たい',
  'みたい(?!に|な|だ|で)',
  'よこせ',
  'はよ',
  'あっぷ',
);
/** Parents, family and other adults a groomer wants kept out. */
const WHO_JA = any(
  '親',
  'おや',
  '両親',
  'お母さん',
  'おかあさん',
  'お父さん',
  'おとうさん',
  'まま',
  'ぱぱ',
  '母',
  '父',
  '家族',
  'かぞく',
  '先生',
  'せんせい',
  'せんせー',
  '大人',
  'おとな',
);
/** Parents and family only: hiding something from them (ばれないように) is also a surprise party. */
const PARENT_JA = any(
  '親',
  'おや',
  '両親',
  'お母さん',
  'おかあさん',
  'お父さん',
  'おとうさん',
  'まま',
  'ぱぱ',
  '家族',
  'かぞく',
);
const SECRET_JA = any(
  '内緒',
  'ないしょ',
  '秘密',
  'ひみつ',
  '言わないで',
  'いわないで',
  '言っちゃ(?:だめ|いけない)',
  'いっちゃ(?:だめ|いけない)',
  '言うな',
  'いうな',
  '話さないで',
  'はなさないで',
  '話しちゃだめ',
  '黙って(?:て|いて|おいて|おいてね)',
  'だまって(?:て|いて|おいて)',
  '見せないで',
  'みせないで',
  '教えないで',
  'おしえないで',
);
/** What follows a secrecy word when it is asked of the reader (ね, にしてね, で), not told. */
const ASKED_JA =
  '(?=$|[\\s。、！!？?…♡♥w]|ね|だよ|よ(?!り)|な(?![いくかさ])|に(?:して(?!た)|しと|しよ)|でね|で(?:お願い|よろしく)|ほしい|欲しい|くれ|ください)';
/** Meeting in person. */
const MEET_JA = any(
  '会お',
  '会わない',
  'あわない[？?]',
  '会える',
  '会いたい',
  'あいたい',
  '会って',
  'あおう',
  '遊ぼ',
  '遊びに(?:行|い|来|こ)',
  'おいで',
  '泊まり',
  'とまり(?:に|で|おいで)',
  'どらいぶ',
  '(?:家|うち)(?:に|まで)(?:来|こ|行|い)',
);
/** An exchange kept from parents: the chat, photos or a meeting. */
const EXCHANGE_JA = any(
  'やりとり',
  'やり取り',
  'めっせーじ',
  'ちゃっと',
  'とーく',
  'dm',
  '写真',
  '画像',
  '会',
  '泊まり',
  'おいで',
);
/** Money and gifts offered. */
const GIFT_JA = any(
  '(?:[0-9]+|[千万])円',
  'お金',
  'おかね',
  'お小遣い',
  'おこづかい',
  'ぎふと(?:券|けん|かーど)',
  'あまぎふ',
  '課金',
  'ろばっくす',
  'robux',
  'げーむ',
  '服',
  'ふく',
);
const GIVE_JA = any(
  'あげる',
  'あげます',
  '払う',
  'はらう',
  '買ってあげ',
  'かってあげ',
  'おごる',
  '奢る',
  'ぷれぜんとする',
);
/** What makes a meeting grooming rather than two classmates meeting at the library. */
const MEET_CUE_JA = any(
  '二人きり',
  'ふたりきり',
  '二人だけ',
  'ふたりだけ',
  '内緒',
  'ないしょ',
  '秘密',
  'ひみつ',
  '迎えに',
  'むかえに',
  'お小遣い',
  'おこづかい',
  'お金',
  'おかね',
  '買ってあげ',
  'かってあげ',
  'おごる',
  '奢る',
  '何歳',
  'なんさい',
  '何年生',
  'なんねんせい',
  'どこ住み',
  'どこすみ',
  '最寄り',
  'もより',
  '親には',
  '誰にも',
  'だれにも',
);

// ── English building blocks (english form) ────────────────────────────────────────────────
const BODY_EN = any(
  'naked',
  'nude',
  'nudes',
  'topless',
  'shirtless',
  'without (?:a |your |ur |ya |any )?(?:shirt|top|clothes|clothing|bra)',
  'no (?:shirt|top|clothes|bra)',
  'in (?:your|ur|ya) (?:underwear|bra|panties|undies|bikini|swimsuit|pyjamas|pajamas|towel)',
  'underwear',
  'undies',
  'panties',
  'boobs',
  'tits',
  'booty',
  'butt',
  'private parts',
  'privates',
  'body pics?',
);
const PHOTO_EN =
  '(?:pic|pics|picture|pictures|photo|photos|selfie|selfies|snap|snaps|vid|video|videos|cam|facetime|video call|pix)';
const ASK_EN =
  '(?:send|show|take|give|see|share|post|trade|swap|want|wanna|need|can i have|can i get|let me see)';
const WHO_EN =
  '(?:parents|parent|mom|mum|mommy|mummy|mother|dad|daddy|father|family|teacher|teachers)';
const MEET_EN = any(
  'meet up',
  'meetup',
  'meet me',
  'meet irl',
  'meet in person',
  'hang out',
  'hangout',
  'come over',
  'come to my (?:place|house|car|room)',
  'see (?:you|u) in person',
  'link up',
  'sleep ?over',
  'meet',
);
const MEET_CUE_EN = any(
  'alone',
  'just (?:us|the two of us|you and me|u and me|me and you|me and u)',
  'the two of us',
  'in secret',
  'secretly',
  'don t tell',
  'dont tell',
  'our secret',
  'i ll pay',
  'ill pay',
  'pay (?:you|u)',
  'buy (?:you|u)',
  'robux',
  'v ?bucks',
  'gift ?card',
  'my (?:car|apartment)',
  'how old',
  'where do (?:you|u) live',
  'what school',
  'your address',
  'irl',
  'in real life',
  'pick (?:you|u) up',
);
/** An offer of money or gifts ("I'll give you robux", "for a gift card"). */
const OFFER_EN = any(
  '(?:i ll|ill|i will|i can|i could|i d|id|gonna|i m gonna|im gonna) (?:give|pay|buy|send|get) (?:you|u|ya)',
  'for (?:robux|v ?bucks|money|cash|a gift ?card|[0-9]+ (?:dollars|bucks|yen))',
);

export const SEXUAL_ENTRIES: readonly ScreenEntry[] = [
  // ── Japanese ─────────────────────────────────────────────────────────────────────────────
  // A body word, a photo word and a request, in any order (裸の写真送って, 自撮り送って…全身).
  e(
    'sexual',
    'strong',
    'kana',
    BODY_JA,
    `${PHOTO_JA}[\\s\\S]*${ASK_JA}|${ASK_JA}[\\s\\S]*${PHOTO_JA}`,
  ),
  // A body word with show / see / touch (おっぱい見せて, 君の体もっと見たい).
  e(
    'sexual',
    'strong',
    'kana',
    `${BODY_JA}[^。！？!?]{0,4}?(?:見せ|みせ|見たい|みたい(?!に|な|だ)|触|さわ|なめ)|(?:君|きみ|お前|おまえ|あなた)の(?:体|からだ|身体)[^。！？!?]{0,4}?(?:見せ|みせ|見たい|みたい|触|さわ)`,
  ),
  // Undressing asked for or shown (服脱いでみて, 脱いだ写真).
  e(
    'sexual',
    'strong',
    'kana',
    '(?:服|ふく)(?:を|も)?(?:全部|ぜんぶ)?(?:脱|ぬ)[いが]|(?:脱|ぬ)い(?:で(?:みて|見て|ほしい|欲しい|くれ|よ(?=$|[、。！!♡])|る(?:とこ|ところ|写真|姿))|だ(?:写真|しゃしん|画像|がぞう|とこ|ところ|姿))',
  ),
  // A sexual act proposed or asked about (今度エッチしよう, セックスしたことある？).
  e(
    'sexual',
    'strong',
    'kana',
    `${any('えっち', 'えっ?ち(?=し|す)', 'せっくす', 'せくす', 'えろいこと', 'いやらしいこと', 'ちゅー', 'きす')}(?:しよ|しない|したい|しちゃ|させて|する[？?]|するの|しに|した(?:こと|事)|経験|けいけん)`,
  ),
  // Words with no ordinary use here.
  e(
    'sexual',
    'strong',
    'kana',
    `えっち(?:な|い)|えっちぃ|えろ(?:い|く|すぎ|画像|動画|写真|げーむ|本|さいと|垢|あか)|(?<![ぁ-ゖ])えろ(?=$|[\\s、。！!w])|せっくす(?!教育)|ぱぱ活|ぱぱかつ|まま活|援交|援助交際|神待ち|おふぱこ|裏垢女子|処女(?![作航地峰雪林])|童貞(?!を守)|何かっぷ|なんかっぷ|すりーさいず`,
  ),
  e(
    'sexual',
    'strong',
    'kana',
    '(?:ぱんつ|下着|したぎ|ぶら)(?:は|の)?(?:何|なに|なん)(?:色|いろ)|(?:胸|むね|おっぱい)の(?:大きさ|さいず)',
  ),
  // Secrecy asked of the reader against parents or teachers (親には内緒ね, 先生に言わないで).
  e(
    'sexual',
    'strong',
    'kana',
    `${WHO_JA}(?:に|には|にも|にだけは|と)(?:絶対|ぜったい)?(?:に)?(?:は)?${SECRET_JA}${ASKED_JA}`,
  ),
  e(
    'sexual',
    'strong',
    'kana',
    '(?:二人|ふたり|僕たち|ぼくたち|私たち|わたしたち|うちら|俺たち)(?:だけ)?の(?:秘密|ひみつ|内緒|ないしょ)(?!基地)',
  ),
  // Hiding the exchange from a parent (お母さんに見られないように消しといて, 親には…って言えばバレない).
  e(
    'sexual',
    'strong',
    'kana',
    `(?:${EXCHANGE_JA})(?:は|を|も)?(?:全部|ぜんぶ)?(?:消|け)し(?:て|と|ておい)`,
    PARENT_JA,
  ),
  e(
    'sexual',
    'strong',
    'kana',
    '(?:見られないように|みられないように|ばれないように|ばれない(?=$|[、。！!よかっし])|ばれへん|気づかれない(?:ように|よ))',
    `(?=[\\s\\S]*${PARENT_JA})[\\s\\S]*${EXCHANGE_JA}`,
  ),
  // A meeting with a grooming cue (二人きりで会おう…迎えに行く, 会わない？お小遣いあげる).
  e('sexual', 'strong', 'kana', MEET_JA, MEET_CUE_JA),
  // Money or gifts for photos or a meeting (会ってくれたらゲーム買ってあげる, 写メ送ったら1000円).
  e(
    'sexual',
    'strong',
    'kana',
    `${GIFT_JA}[^。！？!?]{0,6}?${GIVE_JA}`,
    `${PHOTO_JA}|会って|会お|会え|会わ|あって(?!る)|見せ|みせ|送って|おくって|送ったら`,
  ),
  // ── English ──────────────────────────────────────────────────────────────────────────────
  e('sexual', 'strong', 'english', ' (?:nudes|nudies|noods|nood) '),
  e(
    'sexual',
    'strong',
    'english',
    ` ${BODY_EN} `,
    `${PHOTO_EN}[\\s\\S]*${ASK_EN}|${ASK_EN}[\\s\\S]*${PHOTO_EN}`,
  ),
  e(
    'sexual',
    'strong',
    'english',
    ` (?:show me|let me see|i wanna see|i want to see|can i see|send me) (?:your|ur|ya) (?:body|boobs|chest|butt|underwear|bra|privates) `,
  ),
  e(
    'sexual',
    'strong',
    'english',
    ' (?:take|taking) off (?:your|ur|ya) (?:shirt|top|clothes|bra|pants) ',
  ),
  e(
    'sexual',
    'strong',
    'english',
    ' (?:have|had|having|wanna have|want to have|lets have|let s have|do) sex | sex (?:with me|with you|with u|chat|pics|video|tape) | sexting | sext | sexy | sexi | horny | porn | nsfw | lewd | hook ?up with me | (?:are|r) (?:you|u) (?:a |still a )?virgin | (?:what are|what r|wat r|wat are) (?:you|u) wearing ',
  ),
  e(
    'sexual',
    'strong',
    'english',
    ' (?:you|u) (?:look|looks|re|are|r) (?:so |really |very )?(?:hot|sexy|thicc) | mature for (?:your|ur) age ',
  ),
  // Secrecy against parents, "our secret", hiding the chat.
  e(
    'sexual',
    'strong',
    'english',
    ` (?:don t|dont|do not|never) (?:tell|show|let) (?:your |ur |ya )?${WHO_EN} `,
  ),
  e(
    'sexual',
    'strong',
    'english',
    ' our (?:little )?secret (?!base|hideout|recipe|ingredient|code|plan|handshake)| (?:just )?between (?:you and me|u and me|me and you|us two) | keep (?:it|this|that) (?:a )?secret from | delete (?:our|these|the|this|all the|all our) (?:messages|msgs|chats|chat|dms|texts|convo|conversation) ',
  ),
  e(
    'sexual',
    'strong',
    'english',
    ` so (?:your|ur) ${WHO_EN} (?:doesn t|doesnt|won t|wont|don t|dont|can t|cant|never|will never) (?:see|find out|know|notice) `,
  ),
  // A meeting with a grooming cue; money or gifts for photos.
  e('sexual', 'strong', 'english', ` ${MEET_EN} `, ` ${MEET_CUE_EN} `),
  e('sexual', 'strong', 'english', ` ${OFFER_EN} `, ` ${PHOTO_EN} | meet `),
];
