; Wild Die installer for Windows (Inno Setup 6). Built by .github/workflows/release.yml:
;
;   pyinstaller --distpath dist --workpath build\pyinstaller packaging\wilddie.spec
;   iscc /DAppVersion=0.1.0 packaging\windows\wilddie.iss
;   -> dist\WildDie-0.1.0-setup.exe
;
; Installs for all users (Program Files, asks for administrator rights) or, chosen in the
; first dialog or with /CURRENTUSER, for the current user only (no administrator rights,
; %LOCALAPPDATA%\Programs). Start-menu entry, optional desktop icon, uninstaller (Settings >
; Apps). Documents: Wild Die files are JSON (*.json), so Wild Die is added to "Open with"
; for .json files (OpenWithProgids) without becoming the default JSON program. The app
; never writes into its install folder; the uninstaller leaves the player's documents and
; settings (%APPDATA%\WildDie, %LOCALAPPDATA%\WildDie) alone.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef BundleDir
  #define BundleDir "..\..\dist\wilddie"
#endif
#ifndef DistDir
  #define DistDir "..\..\dist"
#endif
#ifndef IconFile
  #define IconFile "..\..\build\pyinstaller\wilddie\icons\wilddie.ico"
#endif
#define AppName "Wild Die"
#define AppExe "WildDie.exe"
#define ProgId "WildDie.Document"

[Setup]
AppId={{6B0F5E3A-2C4D-4E7B-9A51-7D3C2F8E1A94}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Wild Die developers
AppPublisherURL=https://github.com/wilddie/wilddie
AppSupportURL=https://github.com/wilddie/wilddie/issues
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=admin
PrivilegesRequiredOverridesAllowed=dialog commandline
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
OutputDir={#DistDir}
OutputBaseFilename=WildDie-{#AppVersion}-setup
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked
Name: "openwith"; Description: "Offer Wild Die in ""Open with"" for JSON documents"; GroupDescription: "Documents:"

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"; Comment: "Character sheets, dice and encounters for D6 games"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; HKA is HKLM for an all-users install and HKCU for a current-user install.
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "Wild Die document"; Flags: uninsdeletekey; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"",0"; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" gui ""%1"""; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\.json\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}"; ValueType: string; ValueName: "FriendlyAppName"; ValueData: "{#AppName}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".json"; ValueData: ""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" gui ""%1"""

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
