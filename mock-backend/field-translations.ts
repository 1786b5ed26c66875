// The backend's own translations of the fields and values it ships with (the demo's Priority, State and
// Assignee), which it returns as `localizedName` in the reader's language. Names an administrator
// gives a field or value are theirs: they have no translation here and come back as they are.
const TERMS = [
  "Priority",
  "State",
  "Assignee",
  "Critical",
  "Major",
  "Normal",
  "Minor",
  "Open",
  "In Progress",
  "Fixed",
  "Won't fix",
  "Unassigned",
  "No value",
] as const;

type Translations = Readonly<Record<(typeof TERMS)[number], string>>;

const row = (...names: string[]): Translations =>
  Object.fromEntries(TERMS.map((term, i) => [term, names[i] ?? term])) as Translations;

// prettier-ignore
const TRANSLATIONS: Readonly<Record<string, Translations>> = {
  cs: row("Priorita", "Stav", "Řešitel", "Kritická", "Vysoká", "Normální", "Nízká", "Otevřený", "Rozpracovaný", "Opravený", "Nebude opraven", "Nepřiřazeno", "Bez hodnoty"),
  de: row("Priorität", "Status", "Bearbeiter", "Kritisch", "Hoch", "Normal", "Niedrig", "Offen", "In Bearbeitung", "Behoben", "Wird nicht behoben", "Nicht zugewiesen", "Kein Wert"),
  eo: row("Prioritato", "Stato", "Respondeculo", "Kritika", "Grava", "Normala", "Malgrava", "Malfermita", "Traktata", "Riparita", "Ne riparota", "Neasignita", "Sen valoro"),
  es: row("Prioridad", "Estado", "Responsable", "Crítica", "Alta", "Normal", "Baja", "Abierta", "En curso", "Corregida", "No se corregirá", "Sin asignar", "Sin valor"),
  fr: row("Priorité", "État", "Responsable", "Critique", "Majeure", "Normale", "Mineure", "Ouvert", "En cours", "Corrigé", "Ne sera pas corrigé", "Non assigné", "Aucune valeur"),
  he: row("עדיפות", "מצב", "אחראי", "קריטית", "גבוהה", "רגילה", "נמוכה", "פתוחה", "בטיפול", "תוקנה", "לא תתוקן", "לא הוקצה", "ללא ערך"),
  hu: row("Prioritás", "Állapot", "Felelős", "Kritikus", "Magas", "Normál", "Alacsony", "Nyitott", "Folyamatban", "Javítva", "Nem javítjuk", "Nincs hozzárendelve", "Nincs érték"),
  it: row("Priorità", "Stato", "Assegnatario", "Critica", "Alta", "Normale", "Bassa", "Aperto", "In corso", "Risolto", "Non verrà risolto", "Non assegnato", "Nessun valore"),
  ja: row("優先度", "状態", "担当者", "致命的", "重大", "通常", "軽微", "未着手", "進行中", "修正済み", "対応しない", "未割り当て", "値なし"),
  ko: row("우선순위", "상태", "담당자", "치명적", "높음", "보통", "낮음", "열림", "진행 중", "수정됨", "수정 안 함", "미지정", "값 없음"),
  pl: row("Priorytet", "Stan", "Przypisany", "Krytyczny", "Wysoki", "Normalny", "Niski", "Otwarte", "W toku", "Naprawione", "Nie zostanie naprawione", "Nieprzypisane", "Brak wartości"),
  pt: row("Prioridade", "Estado", "Responsável", "Crítica", "Alta", "Normal", "Baixa", "Aberto", "Em andamento", "Corrigido", "Não será corrigido", "Não atribuído", "Sem valor"),
  ru: row("Приоритет", "Состояние", "Исполнитель", "Критический", "Серьёзный", "Обычный", "Незначительный", "Открыта", "В работе", "Исправлена", "Не будет исправлена", "Не назначена", "Нет значения"),
  tr: row("Öncelik", "Durum", "Atanan", "Kritik", "Yüksek", "Normal", "Düşük", "Açık", "Devam ediyor", "Düzeltildi", "Düzeltilmeyecek", "Atanmamış", "Değer yok"),
  uk: row("Пріоритет", "Стан", "Виконавець", "Критичний", "Серйозний", "Звичайний", "Незначний", "Відкрита", "У роботі", "Виправлена", "Не буде виправлена", "Не призначено", "Немає значення"),
  zh: row("优先级", "状态", "负责人", "严重", "主要", "普通", "次要", "打开", "进行中", "已修复", "不予修复", "未分配", "无值"),
  zu: row("Ukubaluleka", "Isimo", "Onikwe umsebenzi", "Kubucayi", "Kukhulu", "Kujwayelekile", "Kuncane", "Kuvuliwe", "Kuyaqhubeka", "Kulungisiwe", "Ngeke kulungiswe", "Akunikwanga muntu", "Alikho inani"),
};

/** `name` in `language` when the backend ships a translation of it; null otherwise (and for English). */
export function localizedName(name: string, language: string): string | null {
  const translations = Object.hasOwn(TRANSLATIONS, language) ? TRANSLATIONS[language] : undefined;
  return translations && Object.hasOwn(translations, name) ? translations[name as keyof Translations] : null;
}
