# The Windows installer, the same steps on a Windows machine as in the workflow:
#
#   pwsh packaging/windows/build.ps1   # -> dist\wilddie\, dist\WildDie-VERSION-setup.exe
#
# Builds the one-folder bundle with PyInstaller and smoke-tests it (starts offscreen with
# a fresh profile folder, opens the sample campaign in the main window, saves a character,
# prints a PDF, quits); builds the Inno Setup installer; installs it silently for the
# current user into a temporary folder, smoke-tests the installed copy, checks the Start
# menu entry, and uninstalls it again.
$ErrorActionPreference = "Stop"
Set-Location (Resolve-Path "$PSScriptRoot\..\..")
$env:QT_QPA_PLATFORM = "offscreen"
$env:PYTHONUTF8 = "1"

function Invoke-Checked([string] $what, [scriptblock] $block) {
    & $block
    if ($LASTEXITCODE) { throw "$what failed ($LASTEXITCODE)" }
}

$version = (python -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])").Trim()
if (-not (Test-Path .venv\Scripts\python.exe)) { Invoke-Checked "venv" { python -m venv .venv } }
Invoke-Checked "pip" { .venv\Scripts\python -m pip install --disable-pip-version-check -q -e ".[package]" }
Invoke-Checked "PyInstaller" {
    .venv\Scripts\pyinstaller --noconfirm --clean --distpath dist --workpath build\pyinstaller packaging\wilddie.spec
}
$temp = if ($env:RUNNER_TEMP) { $env:RUNNER_TEMP } else { [System.IO.Path]::GetTempPath() }
Invoke-Checked "bundle smoke test" { dist\wilddie\wilddie-cli.exe smoke-test --out "$temp\smoke-bundle" }

$iscc = "${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe"
if (-not (Test-Path $iscc)) { Invoke-Checked "Inno Setup" { choco install innosetup --yes --no-progress } }
Invoke-Checked "installer" { & $iscc "/DAppVersion=$version" packaging\windows\wilddie.iss }

$setup = Get-Item "dist\WildDie-$version-setup.exe"
$target = "$temp\WildDie-installed"
Start-Process $setup.FullName -Wait -ArgumentList "/VERYSILENT", "/SUPPRESSMSGBOXES", "/CURRENTUSER", "/NORESTART", "/DIR=$target"
Invoke-Checked "installed smoke test" { & "$target\wilddie-cli.exe" smoke-test --out "$temp\smoke-installed" }
if (-not (Test-Path "$env:APPDATA\Microsoft\Windows\Start Menu\Programs\Wild Die.lnk")) {
    throw "no Start menu entry"
}
Start-Process "$target\unins000.exe" -Wait -ArgumentList "/VERYSILENT", "/SUPPRESSMSGBOXES"
if (Test-Path "$target\WildDie.exe") { throw "the uninstaller left the app" }
Write-Host "Windows installer built and checked: $($setup.Name)"
