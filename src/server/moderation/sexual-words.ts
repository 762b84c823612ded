import { any, cues, entry as e, type CueSet, type ScreenEntry } from './entries';

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
  '裸(?!足|眼|一貫|の王様|電球|婦|像|体像|子植物)',
  'はだか(?!し|の王様)',
  '全裸',
  '服なし',
  'ふくなし',
  '服(?:を)?着て(?:ない|いない)',
  'すかーとの(?:中|なか|下|した)',
  'ぱんちら',
  '盗撮',
  'ぜんら',
  '下着',
  'したぎ',
  'ぱんつ',
  'ぱんてぃ',
  'ぶらじゃ',
  'ぶら(?=の|を|は|見|み|写|姿)',
  '脚',
  '太もも',
  'ふともも',
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
  'やらしい',
  'いやらしい',
  'えっろ',
  'ぱじゃま',
  '寝巻',
  '寝る前の',
  'お風呂上がり',
  '風呂上がり',
  'ふろあがり',
  '着替え中',
  '着替えてる',
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
  '(?=$|[\\s。、！!？?…♡♥w]|ね|だよ|だから|からね|よ(?!り)|な(?![いくかさ])|に(?:して(?!た)|しと|しよ)|でね|で(?:お願い|よろしく)|ほしい|欲しい|くれ|ください)';
/** A secret that is a surprise, not a groomer's: サプライズ, 誕生日プレゼント. */
const SURPRISE_JA = 'さぷらいず|誕生日|たんじょうび|ぷれぜんとのこと|お祝い|おいわい';
/** Meeting in person. */
const MEET_JA = any(
  '会お',
  '会わない',
  'あわない[？?]',
  '会える',
  '会えない',
  'あえない[？?]',
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
  '(?:家|いえ|うち)(?:に|まで)?(?:行|い)って(?:いい|も)',
  '(?:部屋|へや)(?:に|まで)?(?:来|き|こ|おいで)',
  '(?:二人|ふたり)で[^。！？!?]{0,10}?(?:行かない|いかない|行こ|いこ|会わ|あわ|遊ば|あそば|出かけ|でかけ|過ごさ|すごさ)',
  '(?:車|くるま)で(?:送|おく|迎え|むかえ)',
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
  'こっそり',
  '内緒で',
  '秘密で',
  '会ったこと(?:は)?ない',
  '最寄り',
  'もより',
  '親には',
  '誰にも',
  '親(?:は|が)?[^。！？!?]{0,6}?(?:いない|留守|るす|出かけ|帰ってこない)',
  '誰も(?:いない|いねー)',
  'だれも(?:いない|いねー)',
  '(?:今|いま)?(?:一人|ひとり)(?:なの|？|\\?|でしょ)',
  'だれにも',
  '(?<![0-9])(?:1[0-5]|[0-9])(?:歳|さい)(?:[？?]|なんだ|なの|か)',
  '大人っぽ',
  'おとなっぽ',
  '大人び',
  '色っぽ',
  '(?:言わなくて|いわなくて)(?:いい|も)',
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
  '(?:send|show|take|give|see|share|post|trade|swap|want|wanna|need|can i have|can i get|let me see|got any|have any|got some|any more)';
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
  'come to my (?:place|house|car|room|apartment|flat|hotel|hotel room|studio)',
  'visit me',
  'stay (?:at|with) me',
  'see (?:you|u) in person',
  'pick (?:you|u) up',
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
  'taxi',
  'uber',
  'train ticket',
  'bus fare',
  'drive (?:you|u)',
  'your age',
  'ur age',
);
/** An offer of money or gifts ("I'll give you robux", "for a gift card"). */
const OFFER_EN = any(
  '(?:i ll|ill|i will|i can|i could|id|id|gonna|im gonna|im gonna) (?:give|pay|buy|send|get) (?:you|u|ya)',
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
  // Nudity with a camera, a call, a photo or a request (裸になってビデオ通話して, 服なしで).
  e(
    'sexual',
    'strong',
    'kana',
    '裸(?!足|眼|一貫|の王様|電球|婦|像)|はだか(?!し|の王様)|全裸|服なし|ふくなし|下着(?:姿|だけ)|(?:脱|ぬ)いで',
    `${PHOTO_JA}|通話|つうわ|かめら|見せ|みせ|送っ|おくっ|なって`,
  ),
  // Intimacy questions and invitations: 彼氏とどこまで, 一緒にお風呂入ろう, 今どんな服着てるの.
  e(
    'sexual',
    'strong',
    'kana',
    '(?:彼氏|彼女|かれし|かのじょ|好きな人|すきなひと)と(?:は)?どこまで|(?:お風呂|おふろ|風呂|しゃわー)(?:に|を)?(?:一緒に|いっしょに)?(?:入ろ|はいろ|入らない|はいらない|入りたい|浴びよ)|添い寝|そいね|(?:一緒|いっしょ)に(?:寝よ|ねよ|寝ない|ねない|寝たい|ねたい)|(?:彼氏|彼女|かれし|かのじょ|好きな人)と(?:きす|ちゅー|えっち(?!ゃ)|寝た)|(?:今|いま)(?:どんな|なに|何)(?:服|ふく|格好|かっこう)(?:着て|して)(?:る|いる)|(?:胸|むね|おっぱい|お尻|おしり|太もも|ふともも)(?:が|って|は)?(?:大きい|おおきい|でかい|小さい|ちいさい|ぺちゃ|柔らか|やわらか|いい形|えろ)|らぶほ|(?:ほてる)(?:に|で)?(?:行こ|いこ|行かない|いかない|泊まろ|とまろ|行きたい)',
    '一緒|いっしょ|彼氏|彼女|かれし|かのじょ|好きな人|添い寝|そいね|今|いま|胸|むね|おっぱい|お尻|おしり|太もも|ふともも|らぶほ|ほてる',
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
    `${any('えっち(?!ゃ)', 'えっ?ち(?=し|す)', 'せっくす', 'せくす', 'えろいこと', 'いやらしいこと', 'ちゅー', 'きす')}(?:しよ|しない|したい|しちゃ|させて|する[？?]|するの|しに|した(?:こと|事)|経験|けいけん)`,
  ),
  // Alone together (二人きりになろ, 二人だけで話せる場所に行こう), showing each other (ぼくのも見せる
  // から君のも), photos sold or bought, an adult's interest (年上だけど付き合おう), lying to parents.
  e(
    'sexual',
    'strong',
    'kana',
    '(?:二人|ふたり)っ?(?:きり|だけ)(?:で|に|の)[^。！？!?]{0,12}?(?:行こ|いこ|会|あお|あわ|遊|あそ|話|なろ|なれ|来|こ(?:ない|よう)|おいで|過ご)|(?:僕|ぼく|俺|おれ|私|わたし|うち)のも(?:見せる|みせる)[^。]{0,8}(?:君|きみ|お前|おまえ|あなた)のも(?:見せ|みせ)|見せ(?:合い|あい|合お|あお)',
  ),
  e(
    'sexual',
    'strong',
    'kana',
    `(?:${PHOTO_JA}|使用済み|下着)(?:を|も)?(?:売って|うって|売ってくれ|買う(?:よ|から)|買います|買い取|かいと|高く買|いくらで)|(?:いい|高い)値段`,
    `${PHOTO_JA}|使用済み|下着`,
  ),
  e(
    'sexual',
    'strong',
    'kana',
    '(?:誰にも|だれにも|親にも|おやにも)(?:言わない|いわない|内緒|ないしょ|秘密)',
    'あげる|ぷれぜんと|買ってあげ|かってあげ|お金|おかね|お小遣い|ご褒美|ごほうび|いいもの',
  ),
  e(
    'sexual',
    'strong',
    'kana',
    '(?:年上|としうえ|大人|社会人|大学生|[2-5][0-9]歳|[2-5][0-9]さい)(?:だけど|でも|の(?:俺|おれ|僕|ぼく|私))',
    '付き合|つきあ|彼女|彼氏|かのじょ|かれし|でーと|会お|あお|好き|すき',
  ),
  e(
    'sexual',
    'strong',
    'kana',
    `${PARENT_JA}(?:に|には|にも)[^。！？!?]{0,14}?(?:って|と)(?:言っておいて|いっておいて|言っといて|いっといて|言えば|いえば|ごまかして|嘘ついて|うそついて|言って(?:出て|来|き|こ|おいで)|いって(?:出て|きて|おいで))`,
  ),
  e(
    'sexual',
    'strong',
    'folded',
    'ヤ(?:りたい|らせ|ろう|っちゃ|った(?:こと|事))|(?<![a-z])(?:jc|jk|js)(?![a-z])(?=[\\s\\S]*(?:会|あい|写真|援|募集|好き|すき|とか))',
  ),
  e(
    'sexual',
    'strong',
    'kana',
    'むらむら|抱きたい|だきたい|抱かせ|だかせて|せふれ|夜這い|よばい|ろりこん|撮影会|ふぇち|ぱんちら|盗撮|大人の(?:遊び|関係|こと|世界)',
  ),
  e(
    'sexual',
    'strong',
    'kana',
    '(?:お小遣い|おこづかい|お金|おかね|[0-9]+円|ぎふと券)',
    '撮らせ|とらせ|写真|しゃしん|画像|自撮り|会って|会お|会わ|あって(?!る)',
  ),
  e(
    'sexual',
    'strong',
    'kana',
    '(?:部屋着|へやぎ|寝間着|ねまき|ぱじゃま|すっぴん|お風呂上がり|風呂上がり)',
    '通話|つうわ|電話|でんわ|見たい|みたい|写真|しゃしん|送|おく|かめら|びでお',
  ),
  e(
    'sexual',
    'strong',
    'kana',
    '(?:君|きみ|お前|おまえ|あなた)って(?:もう)?経験(?:ある|済み|ない)[？?]|(?:ぱんつ|下着|したぎ|すかーとの中)[^。]{0,6}?(?:見え|撮っ|とっ|写真|しゃしん)|(?:付き合|つきあ)(?:ったら|ってくれたら|えば)[^。]{0,10}?(?:買ってあげ|かってあげ|あげる|おごる|奢る)|(?:体育着|体操服|たいそうふく|制服|せいふく|ぶるま|水着|みずぎ|ぱじゃま)(?:の|で|姿)?[^。]{0,4}?(?:写真|しゃしん|写め|画像|自撮り)[^。]{0,4}?(?:送|おく|見せ|みせ|ちょうだい|ほしい)',
  ),
  // A compliment with an age or place question (かわいいね、何歳？どこ住み？), a body praised and
  // asked for (脚きれいだね、もっと見たい).
  e(
    'sexual',
    'strong',
    'kana',
    '(?:かわいい|可愛い|きれい|綺麗|すたいるいい)[^。]{0,8}?(?:何歳|なんさい|何年生|なんねんせい|どこ住み|どこすみ|彼氏いる|かれしいる)',
  ),
  e(
    'sexual',
    'strong',
    'kana',
    '(?:脚|太もも|ふともも|胸|むね|お尻|おしり|くびれ)(?:が|って|は)?(?:きれい|綺麗|細|すべすべ|えろ|色っぽ|すてき|いい)',
    '見たい|みたい|見せ|みせ|写真|しゃしん|触|さわ|もっと',
  ),
  // Words with no ordinary use here.
  e(
    'sexual',
    'strong',
    'kana',
    `えっち(?:な|い)(?!ゃ)|えっちぃ|えろ(?:い|く|すぎ|画像|動画|写真|げーむ|本|さいと|垢|あか)|(?<![ぁ-ゖ])えろ(?=$|[\\s、。！!w])|せっくす(?!教育)|ぱぱ活|ぱぱかつ|まま活|援交|援助交際|神待ち|おふぱこ|裏垢女子|処女(?![作航地峰雪林])|童貞(?!を守)|何かっぷ|なんかっぷ|すりーさいず`,
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
    '',
    SURPRISE_JA,
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
  // Words with no place in a pupil's post or name (おっぱい星人, えちえち大好き), a body wanted to
  // touch (胸でかくね？触りてえ), looked up a skirt, bath photos asked for, a body called erotic.
  e(
    'sexual',
    'strong',
    'kana',
    'おっぱい|えちえち|えちな|ちんこ|まんこ|ちんぽ|(?:胸|むね|おっぱい|お尻|おしり|尻|しり|太もも|ふともも|脚|足)[^。]{0,14}?(?:触|さわ|揉|も)(?:り|み)(?:たい|てえ|てー|てぇ)|すかーとの(?:中|なか)(?:が|を)?[^。]{0,6}?(?:気に|見|み|覗|のぞ)|(?:お風呂|おふろ|風呂|ふろ|しゃわー|着替え|きがえ)(?:の|中の|してる)(?:写真|しゃしん|動画|どうが|画像|がぞう|写め)|(?:脚|足|太もも|ふともも|胸|むね|お尻|おしり|体|からだ)(?:が|は)?(?:えろ|エロ|色っぽ|いろっぽ)',
  ),
  // What the reader wears underneath, asked (今日どんなパンツはいてるの, 下着何色つけてる).
  e(
    'sexual',
    'strong',
    'kana',
    '(?:どんな|何色|なにいろ|なんいろ)(?:の)?(?:ぱんつ|下着|したぎ|ぶら|ぱんてぃ)|(?:ぱんつ|下着|したぎ|ぶら|ぱんてぃ)(?:を|は)?(?:はいて|履いて|穿いて|着けて|つけて|着て)(?:る|いる)(?:の|[？?])',
  ),
  // A parent need not know (お母さんには言わなくていいから, 親に知らせなくていいよ).
  e(
    'sexual',
    'strong',
    'kana',
    `${PARENT_JA}(?:に|には|にも)[^。！？!?]{0,4}?(?:言わなくて|いわなくて|話さなくて|はなさなくて|知らせなくて|しらせなくて|言う必要|いう必要|報告しなくて)(?:いい|も|は)`,
    '',
    SURPRISE_JA,
  ),
  // An age put beside looking grown-up (14歳？大人っぽいね).
  e(
    'sexual',
    'strong',
    'kana',
    '(?:何歳|なんさい|(?<![0-9])(?:1[0-5]|[0-9])(?:歳|さい))[^。]{0,10}?(?:大人っぽ|おとなっぽ|大人び|おとなび|色っぽ|いろっぽ)|(?:大人っぽ|おとなっぽ|大人び|おとなび|色っぽ|いろっぽ)[^。]{0,10}?(?:何歳|なんさい|(?<![0-9])(?:1[0-5]|[0-9])(?:歳|さい))',
  ),
  // The reader's body described as to touch or taste (君の唇柔らかそう, 〇〇ちゃんの肌すべすべ).
  e(
    'sexual',
    'strong',
    'kana',
    '(?:君|きみ|お前|おまえ|あなた|[ぁ-ゖ一-龠]{1,4}(?:ちゃん|くん))の(?:唇|くちびる|肌|はだ|首筋|くびすじ|うなじ|脚|足|太もも|ふともも|胸|むね|お尻|おしり|体|からだ|身体|匂い|におい|髪の匂い)(?:って|は|が|、|も)?[^。！？!?]{0,4}?(?:柔らか|やわらか|すべすべ|ぷるぷる|触りたい|さわりたい|触らせ|さわらせ|なめ|舐め|いい匂い|いいにおい|色っぽ|いろっぽ|えろ|美味しそう|おいしそう|きすしたい|噛みたい|かみたい)',
  ),
  // Us, kept secret (俺たちのことは秘密にしといてね, 二人の関係は内緒).
  e(
    'sexual',
    'strong',
    'kana',
    `(?:(?:俺|おれ|僕|ぼく|私|わたし|うち|あたし)(?:たち|ら)|二人|ふたり)の(?:こと|事|関係|かんけい|話|はなし|やりとり|やり取り)(?:は|も)?[^。！？!?]{0,4}?(?:秘密|ひみつ|内緒|ないしょ)${ASKED_JA}`,
    '',
    SURPRISE_JA,
  ),
  // ── English ──────────────────────────────────────────────────────────────────────────────
  e('sexual', 'strong', 'english', ' (?:nudes|nudies|noods|nood) '),
  e(
    'sexual',
    'strong',
    'english',
    ' (?:video|vid|vids|videos|pic|pics|photo|photos|picture|pictures|selfie|selfies|snap|snaps) of (?:you|u|yourself|urself) (?:changing|undressing|getting (?:changed|undressed)|in the (?:shower|bath)|showering|bathing|in bed|lying in bed|after (?:a|your|ur) shower) | (?:fun|play|party) (?:on|over) (?:cam|camera|webcam|video chat|video call|facetime) | (?:on|over) (?:cam|camera|webcam|facetime) (?:tonight|later|alone|in (?:your|ur) room) | (?:like|love|prefer|into) (?:girls|boys|guys|kids) (?:your|ur) age ',
  ),
  e(
    'sexual',
    'strong',
    'english',
    ' (?:boobs|boobies|titties|nudes|porn|horny|penis|blowjob|sexy) | [a-z]*(?:boobs|titties|nudes|porno?|horny|blowjob)[a-z]* | (?:your|ur) (?:legs|thighs|body|butt|chest|boobs|ass)(?: [a-z]+){0,6} (?:wanna see|want to see|see more|show more|show me|more of (?:them|it)) | (?:show me|show (?:you|u)rself|send me)(?: [a-z]+){0,3} (?:in the (?:bathroom|shower|bath|mirror)|in (?:your|ur) (?:room|bed)) ',
  ),
  // Telling no one about the two of us, or about it to a parent.
  e(
    'sexual',
    'strong',
    'english',
    ' (?:don t|dont|do not|never) tell (?:anyone|anybody|no one|nobody|people|a soul) ',
    ` (?:we re talking|were talking|we talk|about us|about our|we met|we re friends|i messaged|i sent|i asked|this chat|our chats?|${WHO_EN}) `,
  ),
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
    ` (?:show me|let me see|i wanna see|i want to see|can i see|send me) (?:your|ur|ya) (?:body|boobs|chest|butt|underwear|bra|privates|legs|thighs|lips|feet|belly|stomach|hips) `,
  ),
  e(
    'sexual',
    'strong',
    'english',
    ' (?:see|show|send|pic of|photo of|picture of|video of|vid of) (?:you|u|yourself|urself|me) (?:without|with no|in (?:your|ur)) (?:clothes|clothing|shirt|top|bra|underwear|undies|panties|towel|bikini) | (?:you|u|yourself|urself) naked | naked (?:you|u|pic|pics|photo|photos|selfie|selfies|video) ',
  ),
  e(
    'sexual',
    'strong',
    'english',
    ' (?:feet|foot|shower|bath|bed|body) (?:pic|pics|photo|photos|selfie|selfies|vid|video) | (?:pic|pics|photo|photos|picture|video) of (?:your|ur) body | dick pics? | (?:see|show (?:you|u)) mine | wearing anything | (?:nobody|no one) (?:can|will) see us | horny | n[uo0]{1,2}d(?:e|ie)?[sz] | somewhere (?:private|alone|quiet where) | (?:you|u) (?:seem|are|look|r) (?:so |really |very )?mature | under (?:my|your|ur) (?:shirt|skirt|clothes|dress|hoodie|top) | (?:look|looks|looking) (?:good|better|hot|nice) without | wear something (?:cute|sexy|short|tight|revealing|nice for me) | keep (?:our|these|this|the|my) (?:chats?|messages?|texts?|dms|conversations?|talks?) (?:a )?secret ',
  ),
  e(
    'sexual',
    'strong',
    'english',
    ' (?:no one|nobody) (?:else )?(?:needs|has|have) to know | (?:want to|wanna|let me|can i|i ll|ill) (?:touch|feel|kiss) (?:you|u|ur|your) | down there | (?:my|your|ur) (?:dick|penis|cock) | (?:my|the) (?:place|house|home|room) (?:is|s) empty ',
  ),
  e(
    'sexual',
    'strong',
    'english',
    ' how old (?:are|r) (?:you|u) ',
    ' (?:cute|pretty|hot|sexy|beautiful|gorgeous|perfect) ',
  ),
  e(
    'sexual',
    'strong',
    'english',
    ' (?:my )?parents (?:are|r) (?:away|out|not home|gone) | (?:are|r) (?:your|ur) (?:parents|mom|mum|dad) (?:home|there|around|awake) ',
    ' (?:come over|i could come|pick (?:you|u) up|meet|my place|your place|alone|visit) ',
  ),
  e(
    'sexual',
    'strong',
    'english',
    ' (?:your|ur|ya) (?:boobs|tits|booty|privates|bra size|cup size|dick|penis) | how big (?:are|is) (?:your|ur) | age is just a number | secret (?:girlfriend|boyfriend|relationship|gf|bf) | (?:lock|locked) (?:your|ur|the) door | (?:door|doors) (?:is |are )?locked | make sure (?:you re|youre|ur|you are) alone | nobody (?:is )?(?:home|watching) | (?:less|no|fewer) (?:clothes|clothing) (?:on)? | (?:im|im|i am) (?:1[89]|[2-5][0-9]) (?:but|and|so|dont|don t) ',
  ),
  e(
    'sexual',
    'strong',
    'english',
    ' keep (?:this|it|that) between us | between us two | (?:your|ur) (?:parents|mom|mum|dad) (?:wouldn t|wouldnt|won t|wont|don t|dont|would never|will never|doesn t|doesnt) (?:understand|get it|need to know|have to know|find out) | (?:are|r) (?:you|u) (?:home alone|alone (?:at home|rn|right now|now|tonight)|by yourself|by urself) | (?:pretty|cute|hot|mature|sexy|beautiful) for (?:your age|ur age|a [0-9]+ year old|1[0-6]) ',
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
  e(
    'sexual',
    'strong',
    'english',
    ` ${OFFER_EN} `,
    ` ${PHOTO_EN} | meet | show me | mirror | no face `,
  ), // A photo asked for of what someone wears, or in swimwear or a uniform.
  e(
    'sexual',
    'strong',
    'english',
    ` (?:what (?:you|u|ya)(?: re| r| are)?|what ur|in (?:ur|your|ya)(?: school)?|from the|in a|in the|of ur|of your) (?:wearing|skirt|uniform|bikini|bikinis|swimsuit|bathers|swimming costume|pyjamas|pajamas|leggings|shorts|tights|bed|shower|bath|towel|beach|pool) | (?:bikini|swimsuit|bathers|underwear|bra|skirt) (?:ones|pics|photos|pictures|one) `,
    ` ${ASK_EN}(?: (?:me|us))?(?: [a-z]+){0,3} ${PHOTO_EN} | ${PHOTO_EN}(?: [a-z]+){0,6} (?:send|show|post)(?: em| them| it| me| us)? `,
    ' (?:project|slides|assignment|homework|lesson|report|field trip|science|geography|yearbook|teacher|class photo|team photo) ',
  ),
  // Eyes on someone's body, and remarks on a growing body.
  e(
    'sexual',
    'strong',
    'english',
    ' (?:looking|staring|stare|look|looked|stared|checking out|check out|think about|thinking about|thought about|looking at|perving on|perv on) (?:at |about )?(?:was |is )?(?:[a-z]+ ){0,2}?(?:ur|your|her|his|[a-z]+ s) (?:legs|chest|boobs|tits|butt|ass|arse|bum|lips|body|thighs|hips|waist|cleavage|bra) | (?:ur|your|her|his) body (?:is |looks )?(?:so |well |really |proper )?(?:developed|hot|sexy|fit|thicc|curvy|mature) | (?:well|so|very) developed for (?:a |an )?(?:year|grade|[0-9]+|twelve|thirteen|fourteen) | (?:she|he|zname) s (?:proper |so |well |really )?(?:easy|a slag|a sl[a-z]?t|a hoe|a ho) ',
    '',
    ' (?:frog|frogs|insect|spider|dog|cat|horse|chair|table|biology|science|diagram|drawing|statue|animal|bird|fish|robot|character|cartoon|math|maths|question|test|exam|problem) ',
  ),
  e(
    'sexual',
    'strong',
    'english',
    ' (?:this|it|that) (?:stays|stay|is|s) between (?:us|u and me|you and me|me and u|me and you)(?! and the (?:teacher|class)) | (?:ur|your) (?:parents|mum|mom|dad|family) (?:would|will|d|ll) (?:overreact|freak|freak out|not understand|never understand|get mad|be mad|flip|go mad|kill me) | (?:no one|nobody|noone) (?:will|would|ll) (?:ever )?(?:see|know|find out)(?: [a-z]+){0,2} (?:i promise|promise|trust me) | (?:don t|dont|do not) bring (?:anyone|any one|ur friends|your friends|friends|a friend|ur mates) | (?:turn|put|switch) (?:on )?(?:ur|your|the) (?:cam|camera|webcam)(?: on)? | (?:are|r) (?:you|u) (?:home )?(?:alone|by urself|by yourself)(?: at home| rn| right now| now)? ',
    ' (?:pic|pics|photo|photos|meet|cam|camera|webcam|older|secret|alone|cute|hot|pretty|sexy|mate wants|friend wants|parents|mum|mom|dad) ',
  ),
  // ── Japanese: touching, a hotel, arousal, a camera when alone, sizes and short skirts ─────
  e(
    'sexual',
    'strong',
    'kana',
    '(?:体|からだ|胸|むね|おっぱい|お尻|おしり|太もも|ふともも|脚|足|腰|こし|唇|くちびる|髪|かみ)(?:に|を)?(?:触|さわ)(?:りたい|らせて|ってみたい|りてー|りてぇ|ったろ)|(?:二人|ふたり)で(?:らぶ)?(?:ほてる)(?:に|へ)?(?:行|い)|(?:声|こえ|体|からだ|写真|しゃしん|足|脚|胸|むね|顔|かお|寝顔|ねがお)[^。！？!?]{0,10}?(?:興奮|こうふん)(?:した|する|して|しちゃ|やわ)|[a-hａ-ｈ]かっぷ|(?:すかーと|スカート)(?:が|の)?(?:短|みじか)[^。！？!?]{0,12}?(?:見|み)(?:て|た|とれ|てた)|(?:腰|こし|脚|足|胸|むね)の(?:ら|ライ)いん(?:が|きれい|えろ)|(?:水着|みずぎ)(?:の)?(?:写真|しゃしん|画像|がぞう|写め)(?:ある|あげ|ちょうだい|送|おく|見せ|みせ)',
  ),
  e(
    'sexual',
    'strong',
    'kana',
    'かめら(?:を)?(?:つけ|付け|おん|オン|うつし|映し)(?:て|よう|ない|たら)',
    '(?:ひとり|一人|独り)[？?]|(?:家|いえ|部屋|へや)(?:に|で)(?:ひとり|一人)|誰もいない|だれもいない|今|いま',
  ),
];

/**
 * Sexual approaches in words no structure above foresaw: a photo, a body, a kiss, a meeting or
 * a private channel together with a request, secrecy or isolation, an adult's age, gifts or an
 * unmistakably sexual word; school work, thanks, animals, family and stories dampen.
 */
export const SEXUAL_CUES: readonly CueSet[] = [
  cues(
    'sexual',
    'kana',
    `${PHOTO_JA}|通話|つうわ|かめら|下着|したぎ|ぱんつ|ぶら|水着|みずぎ|すかーと|制服|体|からだ|胸|むね|おっぱい|お尻|おしり|足|脚|太もも|裸|はだか|脱|ぬい|えっち(?!ゃ)|(?<![いかきけこせそてねべめれもまおぼ])えろ(?!う)|せっくす|きす|ちゅー|生理|処女|童貞|付き合|つきあ|彼氏|彼女|かれし|かのじょ|会お|会え|会わ|会いたい|あいたい|二人|ふたり|部屋|へや|家|なめ|舐め|触|さわ|声|仲良く|なかよく|あぷり|移動`,
    [
      [
        '送って|おくって|見せて|みせて|ちょうだい|ちょーだい|ください|教えて|おしえて|撮らせ|とらせ|見たい|みたい(?!に|な|だ)|してみたく|しない[？?]|しよ(?!う?と)|しよう|したい|なりたい|なめたい|さわりたい|触りたい|聞きたい|ききたい|いつ[？?]|何色|なにいろ|の色',
        0.5,
      ],
      [
        '内緒|ないしょ|秘密|ひみつ|誰にも|だれにも|二人きり|二人だけ|ふたりきり|一人のとき|ひとりのとき|部屋に一人|こっそり|見られ|ばれ|移動しよ|ここだと|消して',
        0.6,
      ],
      ['大学生|社会人|大人|年上|中学生の子|小学生|何歳|なんさい|[0-9]+歳|おじさん', 0.6],
      [
        'えっち(?!ゃ)|(?<![いかきけこせそてねべめれもまおぼ])えろ(?!う)|せっくす|生理(?:いつ|なの|中)|下着の色|ぱんつの色|短め|すかーと短|脱いで|裸(?!足|の王様|婦|像)|はだか(?!し|の王様)|(?:足|脚|体|首|耳|指|胸)(?:を)?(?:なめ|舐め|さわ|触)|(?:きす|ちゅー)(?:して|しよ|したい|してみ|しない|したこと)',
        1,
      ],
      ['かわいい|可愛い|きれい|すたいる|色っぽ', 0.3],
      ['お金|おかね|あげる|買ってあげ|ぷれぜんと|[0-9]+円', 0.4],
    ],
    'ありがとう|学級|授業|先生に送|くらすの|班の|課題|発表|作品|天ぷら|魚|犬|猫|家族で|お母さんと|主人公|物語|話だった|映画|さぷらいず|誕生日|宿題|ぽすたー|すらいど|資料|保健|学んだ|習った',
  ),
  cues(
    'sexual',
    'english',
    ' (?:pic|pics|photo|photos|selfie|selfies|snap|snaps|camera|cam|video|call|facetime|body|bikini|underwear|bra|clothes|kiss|kissed|kissing|spicy|nude|naked|meet|secret|present|gift|age|alone|room|bed|shower|wearing) ',
    [
      [' (?:send|show|turn on|let me see|can i see|want|wanna|practice|more|take|wear|meet) ', 0.5],
      [
        ' (?:secret|don t tell|dont tell|keep it|between us|alone|nobody|delete|just us|just you and me) ',
        0.6,
      ],
      [
        ' (?:spicy|sexy|nude|naked|underwear|bra|lingerie|kissed anyone|practice kissing|practice with me|nice body|hot body|body for (?:your|ur) age|in (?:a|your|ur) (?:bikini|bra|underwear|towel)|turn on (?:your|ur) (?:camera|cam)|show me more) ',
        1,
      ],
      [' (?:for your age|for ur age|how old|your age|ur age) ', 0.6],
      [' (?:present|gift|pay|bucks|robux|money) ', 0.4],
      [' (?:cute|pretty|beautiful|hot) ', 0.3],
    ],
    ' (?:group photo|class|project|poster|slides|homework|teacher|took a pic of the|family|dog|cat|sunset|trip|library|drawing|art|school) ',
  ),
];
