#!/usr/bin/env bash
# Regenerates every file under media/ (demo videos, captions and images) from nothing.
#
# Needs these Debian packages: ffmpeg (ffmpeg + ffprobe, with libx264 and libfreetype)
# and fonts-dejavu-core (DejaVu Sans, used for all text). Install with:
#   apt-get install -y ffmpeg fonts-dejavu-core
#
# Usage: scripts/generate-media.sh        (from anywhere; writes into <repo>/media)
# Idempotent: the generated directories are deleted and rebuilt on every run, and all
# encoder settings are fixed (bitexact, no random seeds) so a rerun gives the same files.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MEDIA="$ROOT/media"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
MONO=/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf

for tool in ffmpeg ffprobe; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install -y ffmpeg" >&2; exit 1; }
done
for f in "$FONT" "$MONO"; do
  [[ -f "$f" ]] || { echo "missing $f: apt-get install -y fonts-dejavu-core" >&2; exit 1; }
done

FF=(ffmpeg -hide_banner -loglevel error -y -nostdin)
# Still images: one frame, no metadata that changes between runs.
IMG_OUT=(-frames:v 1 -update 1 -map_metadata -1 -fflags +bitexact -flags:v +bitexact)

DURATION=60 # seconds per video
FPS=25
SEG=2 # seconds per HLS segment; a keyframe starts every segment

rm -rf "$MEDIA/videos" "$MEDIA/images"
mkdir -p "$MEDIA/videos" "$MEDIA/images/sessions" "$MEDIA/images/presets" \
  "$MEDIA/images/avatars" "$MEDIA/images/works"

# ---------------------------------------------------------------------------
# Videos: HLS, two renditions (high 640x360, low 320x180), MPEG-TS segments.
# ---------------------------------------------------------------------------

# make_video SLUG BG_COLOUR BOX_COLOUR BASE_FREQ_HZ
make_video() {
  local slug=$1 bg=$2 box=$3 base=$4
  local out="$MEDIA/videos/$slug"
  local label
  label=$(echo "$slug" | tr '[:lower:]' '[:upper:]')
  mkdir -p "$out/high" "$out/low"

  # Timestamp from the frame number so it is exact (n/25 never drifts): SS.hh
  local ts="%{eif\:floor(n/$FPS)\:d}.%{eif\:mod(n\,$FPS)*(100/$FPS)\:d\:2}"
  # Base picture at 640x360: slug name, big timestamp, frame number, a bouncing box and
  # a progress bar, so drift between clients is easy to see.
  local vf="[0:v]drawbox=x=0:y=ih-12:w=iw:h=12:color=black@0.35:t=fill,"
  vf+="drawtext=fontfile=$FONT:text='$label':fontsize=34:fontcolor=white:x=24:y=20,"
  vf+="drawtext=fontfile=$MONO:text='$ts':fontsize=120:fontcolor=white:borderw=4:bordercolor=black@0.6:x=(w-tw)/2:y=(h-th)/2-10,"
  vf+="drawtext=fontfile=$MONO:text='frame %{eif\:n\:d}':fontsize=22:fontcolor=white@0.85:x=w-tw-24:y=28[txt];"
  vf+="[1:v]format=yuv420p[dot];[3:v]format=yuv420p[bar];"
  # Box bounces left-right every 4 s and jumps down a row each whole second.
  vf+="[txt][dot]overlay=x='(W-w)*abs(mod(t/2\,2)-1)':y='H-110+mod(floor(t)\,2)*30':shortest=1[mv];"
  # drawbox cannot animate its width in this ffmpeg, so the progress bar slides in instead.
  vf+="[mv][bar]overlay=x='W*t/$DURATION-w':y=H-12:shortest=1,"
  vf+="format=yuv420p,split=2[hi][lo0];[lo0]scale=320:180:flags=bicubic[lo]"

  # Music-like audio: a short note every 0.5 s (sin^2 envelope, so no clicks), alternating
  # root and fifth; the root moves every 4 s. A higher blip marks every whole second.
  local note="pow(sin(PI*mod(t*2\,1))\,2)"
  local root="$base*pow(2\,mod(floor(t/4)*5\,12)/12)"
  local freq="$root*if(mod(floor(t*2)\,2)\,1.5\,1)"
  local blip="0.25*lt(mod(t\,1)\,0.05)*sin(2*PI*1760*t)"
  local aexpr="0.3*$note*sin(2*PI*t*($freq))+$blip"

  local venc=(-c:v libx264 -profile:v baseline -level:v 3.0 -pix_fmt yuv420p -preset slow
    -r "$FPS" -g $((FPS * SEG)) -keyint_min $((FPS * SEG)) -sc_threshold 0
    -force_key_frames "expr:gte(t,n_forced*$SEG)" -flags:v +bitexact)
  local hls=(-f hls -hls_time "$SEG" -hls_playlist_type vod -hls_segment_type mpegts
    -hls_flags independent_segments -fflags +bitexact -map_metadata -1)

  "${FF[@]}" \
    -f lavfi -i "color=c=$bg:s=640x360:r=$FPS:d=$DURATION" \
    -f lavfi -i "color=c=$box:s=48x48:r=$FPS:d=$DURATION" \
    -f lavfi -i "aevalsrc=exprs='$aexpr':s=48000:c=mono:d=$DURATION" \
    -f lavfi -i "color=c=white:s=640x12:r=$FPS:d=$DURATION" \
    -filter_complex "$vf" \
    -map "[hi]" -map 2:a "${venc[@]}" -crf 27 -maxrate 350k -bufsize 700k \
    -c:a aac -b:a 48k -ac 1 -ar 48000 -flags:a +bitexact \
    "${hls[@]}" -hls_segment_filename "$out/high/seg-%03d.ts" "$out/high/index.m3u8" \
    -map "[lo]" -map 2:a "${venc[@]}" -crf 29 -maxrate 120k -bufsize 240k \
    -c:a aac -b:a 32k -ac 1 -ar 48000 -flags:a +bitexact \
    "${hls[@]}" -hls_segment_filename "$out/low/seg-%03d.ts" "$out/low/index.m3u8"

  # Written by hand so BANDWIDTH is measured from the segments actually written (peak and
  # mean bits per second over 2 s segments), not guessed by ffmpeg from a CRF encode.
  {
    echo '#EXTM3U'
    echo '#EXT-X-VERSION:3'
    echo '#EXT-X-INDEPENDENT-SEGMENTS'
    stream_inf "$out/high" 640x360
    echo 'high/index.m3u8'
    stream_inf "$out/low" 320x180
    echo 'low/index.m3u8'
  } >"$out/master.m3u8"
}

# stream_inf DIR WxH : prints the EXT-X-STREAM-INF line for the segments in DIR.
stream_inf() {
  local dir=$1 res=$2 peak avg
  read -r peak avg < <(wc -c "$dir"/seg-*.ts | awk -v seg="$SEG" '
    $2 != "total" { b = $1 * 8 / seg; if (b > max) max = b; sum += b; n++ }
    END { printf "%d %d\n", max, sum / n }')
  printf '#EXT-X-STREAM-INF:BANDWIDTH=%d,AVERAGE-BANDWIDTH=%d,RESOLUTION=%s,FRAME-RATE=%d.000,CODECS="avc1.42c01e,mp4a.40.2"\n' \
    "$peak" "$avg" "$res" "$FPS"
}

make_video ocean 0x1d5f8a 0xffd166 220
make_video forest 0x2f6b3a 0xf4a261 196
make_video city 0x6b4f8a 0x4cc9f0 262

# ---------------------------------------------------------------------------
# Captions (WebVTT), 12 cues per language, one every 5 s.
# ---------------------------------------------------------------------------

# write_vtt FILE LINE... : cue i runs from i*5+0.5 s to i*5+5 s (the last one ends at 59.5 s).
write_vtt() {
  local file=$1
  shift
  local i=0 start end
  {
    printf 'WEBVTT\n'
    for line in "$@"; do
      start=$(printf '00:00:%02d.500' $((i * 5)))
      if ((i == 11)); then end='00:00:59.500'; else end=$(printf '00:%02d:%02d.000' $(((i * 5 + 5) / 60)) $(((i * 5 + 5) % 60))); fi
      printf '\n%d\n%s --> %s\n%s\n' $((i + 1)) "$start" "$end" "$line"
      i=$((i + 1))
    done
  } >"$file"
}

write_vtt "$MEDIA/videos/ocean/captions.en.vtt" \
  "Welcome to today's lesson about the ocean." \
  "The ocean covers about 70 percent of the Earth." \
  "Countless kinds of living things live in the sea." \
  "Coral reefs are home to many kinds of fish." \
  "But every year, a lot of plastic flows into the sea." \
  "Turtles and seabirds can mistake plastic bags for food." \
  "Plastic breaks down into tiny pieces called microplastics." \
  "These tiny pieces are very hard to remove from the sea." \
  "Most of the plastic in the ocean comes from land." \
  "Carrying your own water bottle is one small step." \
  "Think about what you can do in your own town." \
  "Let's share your ideas with your group."
write_vtt "$MEDIA/videos/ocean/captions.ja.vtt" \
  "今日は海について学びましょう。" \
  "海は地球の表面のおよそ7割をおおっています。" \
  "海には数えきれないほど多くの生き物がくらしています。" \
  "サンゴ礁は、たくさんの魚のすみかです。" \
  "しかし毎年、たくさんのプラスチックが海に流れこんでいます。" \
  "ウミガメや海鳥は、ビニール袋をえさとまちがえることがあります。" \
  "プラスチックは細かくくだけて、マイクロプラスチックになります。" \
  "この小さなかけらを海から取りのぞくのは、とても難しいのです。" \
  "海のプラスチックの多くは、陸から来ています。" \
  "マイボトルを持ち歩くことも、小さな一歩です。" \
  "自分の町でできることを考えてみましょう。" \
  "グループで考えを話し合いましょう。"

write_vtt "$MEDIA/videos/forest/captions.en.vtt" \
  "Today we will learn about forests." \
  "Trees take in carbon dioxide from the air." \
  "They store the carbon in their trunks, roots and leaves." \
  "Forest soil also holds a lot of carbon." \
  "When forests are cut down, that carbon goes back into the air." \
  "Forests are also home to many animals." \
  "They keep water in the ground and help prevent floods." \
  "It takes many years for a young tree to grow tall." \
  "Using wood well and planting new trees keeps forests healthy." \
  "About two thirds of Japan is covered by forest." \
  "Look for a forest or park near your school." \
  "What can we do to protect forests? Let's discuss."
write_vtt "$MEDIA/videos/forest/captions.ja.vtt" \
  "今日は森について学びます。" \
  "木は空気中の二酸化炭素を取りこみます。" \
  "取りこんだ炭素は、幹や根や葉にたくわえられます。" \
  "森の土にも、たくさんの炭素がたくわえられています。" \
  "森が切りひらかれると、その炭素は空気中にもどってしまいます。" \
  "森は、たくさんの動物たちのすみかでもあります。" \
  "森は地面に水をたくわえ、洪水を防ぐ助けにもなります。" \
  "若い木が大きく育つまでには、長い年月がかかります。" \
  "木を上手に使い、新しい木を植えることで、森は元気に保たれます。" \
  "日本の国土のおよそ3分の2は森です。" \
  "学校の近くにある森や公園を探してみましょう。" \
  "森を守るために何ができるか、話し合いましょう。"

write_vtt "$MEDIA/videos/city/captions.en.vtt" \
  "Today's topic is how cities plan transport." \
  "Many people move around a city every day." \
  "Trains and buses can carry many people at once." \
  "Cars are convenient, but they can cause traffic jams." \
  "City planners study where people want to go." \
  "Then they decide where to build stations and bus stops." \
  "Safe bicycle lanes help more people ride bikes." \
  "Wide sidewalks make walking easier for everyone." \
  "Good transport also helps keep the air clean." \
  "Older people and children need safe ways to travel, too." \
  "Think about how you get to school each day." \
  "Let's draw a map of a better town together."
write_vtt "$MEDIA/videos/city/captions.ja.vtt" \
  "今日のテーマは、まちの交通の計画です。" \
  "まちでは毎日、たくさんの人が移動しています。" \
  "電車やバスは、一度にたくさんの人を運べます。" \
  "車は便利ですが、渋滞の原因になることもあります。" \
  "まちを計画する人は、人々がどこへ行きたいのかを調べます。" \
  "そして、駅やバス停をどこにつくるかを決めます。" \
  "安全な自転車道があると、自転車に乗る人が増えます。" \
  "広い歩道は、だれにとっても歩きやすくなります。" \
  "よい交通の仕組みは、空気をきれいに保つことにもつながります。" \
  "お年寄りや子どもにも、安全に移動できる方法が必要です。" \
  "毎日どうやって学校に来ているか、考えてみましょう。" \
  "みんなで、もっとよいまちの地図をかいてみましょう。"

# ---------------------------------------------------------------------------
# Session images: 1280x720 jpg, 480x270 thumbnail, 800x200 transparent title png.
# ---------------------------------------------------------------------------

# make_session SLUG TITLE COLOUR_A COLOUR_B ACCENT
make_session() {
  local slug=$1 title=$2 ca=$3 cb=$4 accent=$5
  local dir="$MEDIA/images/sessions"
  # Diagonal two-colour gradient with soft circles and the title.
  "${FF[@]}" -f lavfi -i "gradients=s=1280x720:c0=$ca:c1=$cb:x0=0:y0=0:x1=1280:y1=720:n=2:seed=1" \
    -vf "format=rgb24,geq=r='r(X,Y)+24*lt(hypot(X-1000,Y-180),170)+16*lt(hypot(X-240,Y-600),120)':g='g(X,Y)+24*lt(hypot(X-1000,Y-180),170)+16*lt(hypot(X-240,Y-600),120)':b='b(X,Y)+24*lt(hypot(X-1000,Y-180),170)+16*lt(hypot(X-240,Y-600),120)',drawbox=x=80:y=470:w=220:h=10:color=$accent:t=fill,drawtext=fontfile=$FONT:text='$title':fontsize=72:fontcolor=white:borderw=3:bordercolor=black@0.25:x=80:y=360,drawtext=fontfile=$FONT:text='Tomoni':fontsize=30:fontcolor=white@0.8:x=80:y=80" \
    "${IMG_OUT[@]}" -q:v 3 "$dir/$slug.jpg"
  "${FF[@]}" -i "$dir/$slug.jpg" -vf "scale=480:270:flags=lanczos" "${IMG_OUT[@]}" -q:v 4 "$dir/$slug-thumb.jpg"
  # Transparent title: text with a dark outline so it reads on any session image.
  "${FF[@]}" -f lavfi -i "color=c=black@0:s=800x200,format=rgba" \
    -vf "drawtext=fontfile=$FONT:text='$title':fontsize=64:fontcolor=white:borderw=4:bordercolor=black@0.7:x=(w-tw)/2:y=(h-th)/2-12,drawbox=x=(iw-160)/2:y=158:w=160:h=8:color=$accent:t=fill" \
    "${IMG_OUT[@]}" -pix_fmt rgba "$dir/$slug-title.png"
}

make_session ocean 'Life in the Ocean' 0x0b3d6b 0x2a9d8f 0xffd166
make_session forest 'Forests and Carbon' 0x1b4332 0x74c69d 0xf4a261
make_session city 'How Cities Move' 0x3c2a5a 0xe76f51 0x4cc9f0
make_session career 'Finding Your Career' 0x5a3e2b 0xe9c46a 0xffffff
make_session art 'Art Studio' 0x8e2c5c 0xf4978e 0xffe66d
make_session space 'Journey to Space' 0x0d1b2a 0x415a77 0xe0e1dd

# ---------------------------------------------------------------------------
# Output preset images (900x700): soft colour with a faint dot grid.
# ---------------------------------------------------------------------------

# make_preset NAME R G B
make_preset() {
  local name=$1 r=$2 g=$3 b=$4
  local dots="-10*lt(hypot(mod(X\,50)-25\,mod(Y\,50)-25)\,5)"
  "${FF[@]}" -f lavfi -i "color=c=black:s=900x700" \
    -vf "format=rgb24,geq=r='$r$dots':g='$g$dots':b='$b$dots'" \
    "${IMG_OUT[@]}" "$MEDIA/images/presets/$name.png"
}
make_preset green 200 232 204
make_preset blue 198 220 240
make_preset pink 244 208 220

# ---------------------------------------------------------------------------
# Avatars (256x256): coloured square with a white shape, each one different.
# ---------------------------------------------------------------------------

# make_avatar N R G B SHAPE_EXPR (SHAPE_EXPR is 1 inside the shape, in X/Y pixels)
make_avatar() {
  local n=$1 r=$2 g=$3 b=$4 shape=$5
  "${FF[@]}" -f lavfi -i "color=c=black:s=256x256" \
    -vf "format=rgb24,geq=r='if($shape\,250\,$r)':g='if($shape\,250\,$g)':b='if($shape\,250\,$b)'" \
    "${IMG_OUT[@]}" "$MEDIA/images/avatars/$n.png"
}
make_avatar 1 231 111 81 'lt(hypot(X-128\,Y-128)\,70)'                                     # circle
make_avatar 2 42 157 143 'lt(abs(X-128)\,62)*lt(abs(Y-128)\,62)'                             # square
make_avatar 3 38 70 83 'gt(Y\,60)*lt(Y\,196)*lt(abs(X-128)\,(Y-60)/2)'                      # triangle
make_avatar 4 233 196 106 'lt(abs(X-128)+abs(Y-128)\,80)'                                    # diamond
make_avatar 5 132 94 194 'lt(abs(hypot(X-128\,Y-128)-58)\,16)'                                # ring
make_avatar 6 236 72 153 'lt(abs(X-128)\,80)*lt(abs(Y-128)\,22)+lt(abs(Y-128)\,80)*lt(abs(X-128)\,22)' # cross

# ---------------------------------------------------------------------------
# Example outputs (900x700 jpg): poster-like pictures a student might upload.
# ---------------------------------------------------------------------------

# make_work FILE BG_COLOUR SHAPE_COLOUR HEADLINE SUBLINE SHAPE_EXPR
make_work() {
  local file=$1 bg=$2 fg=$3 head=$4 sub=$5 shape=$6
  "${FF[@]}" -f lavfi -i "color=c=$bg:s=900x700" -f lavfi -i "color=c=$fg:s=900x700" \
    -filter_complex "[1:v]format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='255*($shape)'[s];[0:v][s]overlay=format=auto,format=yuv420p,drawbox=x=40:y=40:w=820:h=620:color=white@0.8:t=6,drawtext=fontfile=$FONT:text='$head':fontsize=52:fontcolor=white:borderw=3:bordercolor=black@0.4:x=(w-tw)/2:y=480,drawtext=fontfile=$FONT:text='$sub':fontsize=28:fontcolor=white:x=(w-tw)/2:y=560" \
    "${IMG_OUT[@]}" -q:v 4 "$MEDIA/images/works/$file.jpg"
}
W="$MEDIA/images/works"
make_work ocean-example-1 0x1d5f8a 0x90e0ef 'Keep Our Sea Clean' 'No more plastic bags at the beach' \
  'lt(hypot((X-450)/1.6\,Y-250)\,110)+lt(abs(Y-250)\,60)*gt(X\,560)*lt(X\,700)*lt(abs(Y-250)\,(X-560)/1.5)'
make_work ocean-example-2 0x264653 0xe9c46a 'Turtle Rescue Plan' 'Our class will pick up 100 bottles' \
  'lt(hypot((X-450)/1.3\,Y-260)\,120)+lt(hypot(X-610\,Y-260)\,40)'
make_work forest-example-1 0x2f6b3a 0x95d5b2 'One Class, One Tree' 'Trees store carbon for many years' \
  'lt(abs(X-450)\,(Y-80)/1.6)*gt(Y\,80)*lt(Y\,380)+lt(abs(X-450)\,28)*gt(Y\,380)*lt(Y\,450)'
make_work forest-example-2 0x40531b 0xfefae0 'Forest Carbon Map' 'Where does the carbon go?' \
  'lt(hypot(X-300\,Y-240)\,90)+lt(hypot(X-450\,Y-200)\,110)+lt(hypot(X-600\,Y-240)\,90)'
make_work city-example-1 0x6b4f8a 0xf1faee 'Our Dream Bus Route' 'Stops near the school and the park' \
  'lt(abs(Y-260)\,10)*gt(X\,120)*lt(X\,780)+lt(hypot(X-180\,Y-260)\,30)+lt(hypot(X-450\,Y-260)\,30)+lt(hypot(X-720\,Y-260)\,30)'
make_work city-example-2 0x3d405b 0xf2cc8f 'Bike Lanes for Everyone' 'Safer streets, cleaner air' \
  'lt(abs(hypot(X-330\,Y-280)-70)\,14)+lt(abs(hypot(X-570\,Y-280)-70)\,14)+lt(abs(Y-230)\,8)*gt(X\,330)*lt(X\,570)'

# ---------------------------------------------------------------------------
# No-image picture (900x700): neutral grey with a crossed-out picture frame, no text
# so it needs no translation.
# ---------------------------------------------------------------------------
frame='lt(abs(X-450)\,150)*lt(abs(Y-350)\,110)*gt(abs(X-450)+0*Y\,136)+lt(abs(X-450)\,150)*lt(abs(Y-350)\,110)*gt(abs(Y-350)\,96)'
mount='gt(Y\,330)*lt(Y\,446)*lt(abs(X-400)\,(Y-330))'
slash='lt(abs((X-450)-(Y-350)*1.2)\,9)*lt(abs(X-450)\,190)'
"${FF[@]}" -f lavfi -i "color=c=black:s=900x700" \
  -vf "format=rgb24,geq=r='if(gt($frame+$mount+$slash\,0)\,168\,232)':g='if(gt($frame+$mount+$slash\,0)\,172\,234)':b='if(gt($frame+$mount+$slash\,0)\,178\,237)'" \
  "${IMG_OUT[@]}" "$MEDIA/images/no-image.png"

# ---------------------------------------------------------------------------
# Verify: every rendition has H.264 video + AAC audio, ~60 s, 30 segments; every VTT
# starts with WEBVTT and has well-formed, increasing cue times; every image has its size.
# ---------------------------------------------------------------------------
fail() { echo "verify: $*" >&2; exit 1; }
for slug in ocean forest city; do
  for r in high low; do
    pl="$MEDIA/videos/$slug/$r/index.m3u8"
    codecs=$(ffprobe -v error -show_entries stream=codec_name -of csv=p=0 "$pl" | grep . | sort -u | tr '\n' ' ')
    [[ "$codecs" == "aac h264 " ]] || fail "$pl has streams: $codecs"
    dur=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$pl")
    awk -v d="$dur" 'BEGIN { exit !(d > 59.5 && d < 60.5) }' || fail "$pl lasts $dur s"
    segs=$(grep -c '^#EXTINF:2\.0' "$pl")
    [[ "$segs" == $((DURATION / SEG)) ]] || fail "$pl has $segs segments of 2 s"
    files=$(find "$MEDIA/videos/$slug/$r" -name "seg-*.ts" | wc -l)
    [[ "$files" == "$segs" ]] || fail "$pl lists $segs segments but $files exist"
  done
  for lang in ja en; do
    vtt="$MEDIA/videos/$slug/captions.$lang.vtt"
    awk 'NR == 1 && $0 != "WEBVTT" { exit 1 }
      / --> / {
        if ($0 !~ /^[0-9][0-9]:[0-9][0-9]:[0-9][0-9]\.[0-9][0-9][0-9] --> [0-9][0-9]:[0-9][0-9]:[0-9][0-9]\.[0-9][0-9][0-9]$/) exit 1
        split($1, a, ":"); split($3, b, ":"); s = a[1]*3600 + a[2]*60 + a[3]; e = b[1]*3600 + b[2]*60 + b[3]
        if (e <= s || s < last || e - s < 4 || e - s > 6) exit 1; last = e; n++
      }
      END { exit !(n >= 10) }' "$vtt" || fail "$vtt is not valid WebVTT with 4-6 s cues"
  done
done
check_size() { # FILE WxH
  local got
  got=$(ffprobe -v error -show_entries stream=width,height -of csv=p=0:s=x "$1")
  [[ "$got" == "$2" ]] || fail "$1 is $got, expected $2"
}
for s in ocean forest city career art space; do
  check_size "$MEDIA/images/sessions/$s.jpg" 1280x720
  check_size "$MEDIA/images/sessions/$s-thumb.jpg" 480x270
  check_size "$MEDIA/images/sessions/$s-title.png" 800x200
done
for p in green blue pink; do check_size "$MEDIA/images/presets/$p.png" 900x700; done
for n in 1 2 3 4 5 6; do check_size "$MEDIA/images/avatars/$n.png" 256x256; done
for s in ocean forest city; do for k in 1 2; do check_size "$MEDIA/images/works/$s-example-$k.jpg" 900x700; done; done
check_size "$MEDIA/images/no-image.png" 900x700

echo "media generated and verified in $MEDIA"
du -sh "$MEDIA"
